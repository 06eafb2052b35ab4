package org.redisbench.web;

import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;

import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Puts a {@link PlainTextErrorReport} on Tomcat's host in place of the HTML report that Spring Boot puts
 * there, and that the host would otherwise add when it starts.
 */
@Component
class PlainTextErrorReportCustomizer implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

	@Override
	public void customize(ConfigurableTomcatWebServerFactory factory) {
		factory.addContextCustomizers((context) -> {
			Pipeline pipeline = context.getParent().getPipeline();
			for (Valve valve : pipeline.getValves()) {
				if (valve instanceof ErrorReportValve) {
					pipeline.removeValve(valve);
				}
			}
			pipeline.addValve(new PlainTextErrorReport());
			if (context.getParent() instanceof StandardHost host) {
				host.setErrorReportValveClass(PlainTextErrorReport.class.getName());
			}
		});
	}

	/** After Spring Boot's own customizer, whose HTML report this removes. */
	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
