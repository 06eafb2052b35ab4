package org.redisbench.faults;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request loops against an HTTP server that answers as an app does when Redis fills: a 200 naming the batch it
 * stored, then a 503 with the cause in its body. Each request is a line the verdict's reader reads back.
 */
class LoadLoopsTest {

	@TempDir
	Path work;

	private HttpServer server;

	private final AtomicLong batches = new AtomicLong();

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/add", this::add);
		this.server.start();
	}

	@AfterEach
	void stopServer() {
		this.server.stop(0);
	}

	/** The first 10 batches stored, then full. */
	private void add(HttpExchange exchange) throws IOException {
		long batch = this.batches.incrementAndGet();
		if (batch <= 10) {
			exchange.getResponseHeaders().add("Person-Ids", ((batch - 1) * 100 + 1) + "-" + (batch * 100));
			exchange.sendResponseHeaders(200, -1);
		}
		else {
			byte[] body = "Redis refused: OOM command not allowed\nsecond line".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(503, body.length);
			exchange.getResponseBody().write(body);
		}
		exchange.close();
	}

	@Test
	void everyLoopStopsAtItsLimitAndEachRequestIsALine() throws InterruptedException {
		AppClient app = new AppClient(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()));

		LoadLoops load = LoadLoops.start(app, "/add", this.work, "full", 3, 20);
		long deadline = System.nanoTime() + 30_000_000_000L;
		while (!load.refusedFor("OOM") && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		load.stop();

		assertThat(load.refusedFor("OOM")).isTrue();
		List<LoggedRequest> requests = RequestLog.read(this.work, "full");
		assertThat(RequestLog.files(this.work, "full")).hasSize(3);
		assertThat(requests).hasSizeLessThanOrEqualTo(60).hasSizeGreaterThan(10)
			.allMatch((request) -> request.endMicros() >= request.startMicros());
		assertThat(requests.stream().filter(LoggedRequest::succeeded)).hasSize(10)
			.allMatch((request) -> request.ids() != null && request.failure().isEmpty());
		assertThat(requests.stream().filter((request) -> !request.succeeded()))
			.allMatch((request) -> request.status().equals("503")
					&& request.failure().equals("Redis refused: OOM command not allowed"));
		assertThat(ClaimedBatches.of(requests).batchesToCheck(100)).isEqualTo(10);
	}

	@Test
	void aRequestNothingAnswersIsUnansweredNotAnError() {
		AppClient app = new AppClient(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()));
		this.server.stop(0);

		LoggedRequest request = app.request("/add");

		assertThat(request.unanswered()).isTrue();
		assertThat(LoggedRequest.parse(request.line())).isEqualTo(request);
		assertThat(app.status("/add")).isEqualTo(LoggedRequest.UNANSWERED);
	}

}
