package org.redisbench.web;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * A test aid, off by default: {@value #PROPERTY} (a duration, {@code 1ms}; 0 is off) makes every {@code /add} wait
 * that long on its request thread before it runs, as a slower codec or store would hold it. It gives a test an app
 * that is slower on purpose, by a known amount, so that {@code scripts/compare.sh} can be shown to call such a
 * change (module bench's CompareRunsTest); it measures nothing of its own. At 0 no interceptor is registered at all,
 * so a measured app carries not even its check.
 */
@Configuration(proxyBeanMethods = false)
class AddDelay implements WebMvcConfigurer {

	static final String PROPERTY = "bench.add-delay";

	private final Duration delay;

	AddDelay(Environment environment) {
		this.delay = Binder.get(environment).bind(PROPERTY, Duration.class).orElse(Duration.ZERO);
		if (this.delay.isNegative()) {
			throw new IllegalArgumentException(PROPERTY + " must be 0 (off) or more, was " + this.delay);
		}
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		if (!this.delay.isZero()) {
			registry.addInterceptor(new Wait(this.delay)).addPathPatterns("/add");
		}
	}

	/** Sleeps before the handler runs: inside the request's time as the app's metrics and {@code ab} see it. */
	record Wait(Duration delay) implements HandlerInterceptor {

		@Override
		public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
			try {
				TimeUnit.NANOSECONDS.sleep(this.delay.toNanos());
			}
			catch (InterruptedException ex) {
				// The app is stopping: the request goes on without the rest of its wait.
				Thread.currentThread().interrupt();
			}
			return true;
		}

	}

}
