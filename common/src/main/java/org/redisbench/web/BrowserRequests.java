package org.redisbench.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * What a browser asks for on its own, beside the page it was sent to: its icon, answered 204 without a body or
 * a look at the store (a 404 would be a failure in the app's metrics and, in some browsers, in the console), and
 * prefetches, refused ({@link PrefetchRefusal}).
 */
@Configuration(proxyBeanMethods = false)
class BrowserRequests implements WebMvcConfigurer {

	static final String ICON = "/favicon.ico";

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(new PrefetchRefusal());
	}

	@Override
	public void addViewControllers(ViewControllerRegistry registry) {
		registry.addStatusController(ICON, HttpStatus.NO_CONTENT);
	}

}
