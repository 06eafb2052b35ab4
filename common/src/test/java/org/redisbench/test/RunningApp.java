package org.redisbench.test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.redisbench.processes.RedisServer;
import org.redisbench.web.PersonController;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * One of the apps, started in the test's JVM on a free port against a given Redis, for tests that need an
 * app per Redis setup (password, ACL user, TLS) or that play faults while loading it. Properties given here
 * come first, before the app's own files, as command-line arguments would.
 */
public final class RunningApp implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private final int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private RunningApp(ConfigurableApplicationContext context) {
		this.context = context;
		this.port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
	}

	/** Starts {@code application} talking to {@code redis} with its credentials and the given extra properties. */
	public static RunningApp start(Class<?> application, RedisServer redis, Map<String, String> properties) {
		Map<String, String> all = new HashMap<>();
		all.put("spring.data.redis.host", "127.0.0.1");
		all.put("spring.data.redis.port", String.valueOf(redis.port()));
		if (redis.user() != null) {
			all.put("spring.data.redis.username", redis.user());
		}
		if (redis.password() != null) {
			all.put("spring.data.redis.password", redis.password());
		}
		all.putAll(properties);
		return start(application, all);
	}

	/** Starts {@code application} with the given properties only, such as {@code bench.store=memcached}. */
	public static RunningApp start(Class<?> application, Map<String, String> properties) {
		Map<String, Object> all = new HashMap<>(properties);
		all.putIfAbsent("server.port", "0");
		ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
			.initializers((applicationContext) -> applicationContext.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("test", all)))
			.run();
		return new RunningApp(context);
	}

	public int port() {
		return this.port;
	}

	public ConfigurableApplicationContext context() {
		return this.context;
	}

	public Answer get(String path) {
		return get(this.http, this.port, path);
	}

	/** A GET that never throws: a request the app did not answer is status 0, so a load loop counts it. */
	static Answer get(HttpClient http, int port, String path) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(30))
			.build();
		long start = System.nanoTime();
		try {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
			return new Answer(path, response.statusCode(), response.body(), response.headers().firstValue(PersonController.IDS_HEADER).orElse(null),
					start, System.nanoTime());
		}
		catch (IOException ex) {
			return new Answer(path, 0, String.valueOf(ex), null, start, System.nanoTime());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("GET " + path + " interrupted", ex);
		}
	}

	@Override
	public void close() {
		this.context.close();
	}

	/**
	 * An HTTP answer and when it was asked and answered ({@link System#nanoTime()}), so a fault test can tell
	 * which requests fell wholly inside an outage.
	 */
	public record Answer(String path, int status, String body, String personIds, long startNanos, long endNanos) {

		public Duration took() {
			return Duration.ofNanos(this.endNanos - this.startNanos);
		}

		public boolean ok() {
			return this.status >= 200 && this.status < 300;
		}

	}

}
