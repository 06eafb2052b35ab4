package org.redisbench.web;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code bench.add-delay} as an app's web layer applies it: off, no interceptor on any path; on, a wait of at least
 * the delay on {@code /add} and none on the other endpoints; a negative delay stops the start.
 */
class AddDelayTest {

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(WebMvcAutoConfiguration.class, DispatcherServletAutoConfiguration.class))
		.withUserConfiguration(AddDelay.class, Endpoints.class);

	@Test
	void offByDefaultNoPathHasTheWait() {
		this.runner.run(context -> {
			assertThat(waitsOn(context, "/add")).isFalse();
			assertThat(waitsOn(context, "/check")).isFalse();
		});
	}

	@Test
	void zeroIsOff() {
		this.runner.withPropertyValues("bench.add-delay=0").run(context -> assertThat(waitsOn(context, "/add")).isFalse());
	}

	@Test
	void onOnlyAddWaitsAndAtLeastTheDelay() {
		this.runner.withPropertyValues("bench.add-delay=300ms").run(context -> {
			assertThat(waitsOn(context, "/add")).isTrue();
			assertThat(waitsOn(context, "/check")).isFalse();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup((WebApplicationContext) context).build();
			long start = System.nanoTime();
			mvc.perform(get("/add")).andExpect(status().isOk());
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		});
	}

	@Test
	void aNegativeDelayStopsTheStart() {
		this.runner.withPropertyValues("bench.add-delay=-1ms")
			.run(context -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("bench.add-delay must be 0 (off) or more, was PT-0.001S"));
	}

	/** Whether the handler chain of a GET of {@code path} holds the delay's wait. */
	private static boolean waitsOn(ApplicationContext context, String path) throws Exception {
		HandlerExecutionChain chain = context.getBean("requestMappingHandlerMapping", RequestMappingHandlerMapping.class)
			.getHandler(new MockHttpServletRequest("GET", path));
		assertThat(chain).as("a handler for " + path).isNotNull();
		for (HandlerInterceptor interceptor : chain.getInterceptorList()) {
			if (interceptor instanceof AddDelay.Wait) {
				return true;
			}
		}
		return false;
	}

	@RestController
	static class Endpoints {

		@GetMapping("/add")
		String add() {
			return "added\n";
		}

		@GetMapping("/check")
		String check() {
			return "checked\n";
		}

	}

}
