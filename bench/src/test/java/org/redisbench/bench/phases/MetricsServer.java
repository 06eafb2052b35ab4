package org.redisbench.bench.phases;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

/** An app's /actuator/prometheus on loopback, answering {@code status} with {@code body}, counting its scrapes. */
final class MetricsServer implements AutoCloseable {

	static final String METRICS = "# TYPE process_cpu_usage gauge\nprocess_cpu_usage 0.25\n"
			+ "# TYPE process_start_time_seconds gauge\nprocess_start_time_seconds 1.7E9\n"
			+ "# TYPE process_uptime_seconds gauge\nprocess_uptime_seconds 12.5\n";

	private final HttpServer server;

	private final AtomicInteger scrapes = new AtomicInteger();

	private volatile String query;

	MetricsServer(int status, String body) {
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/actuator/prometheus", (exchange) -> {
			this.scrapes.incrementAndGet();
			this.query = exchange.getRequestURI().getQuery();
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(status, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		});
		this.server.start();
	}

	MetricsServer() {
		this(200, METRICS);
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	int scrapes() {
		return this.scrapes.get();
	}

	/** The query of the last scrape, decoded; null without one. */
	String query() {
		return this.query;
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
