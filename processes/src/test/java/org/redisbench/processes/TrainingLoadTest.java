package org.redisbench.processes;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The requests an AOT cache is trained on, against a stand-in of the apps' endpoints: each endpoint its count, from
 * several clients at once, /check only once /add has answered all of its; a request that fails stops the training.
 */
class TrainingLoadTest {

	private final HttpServer server = newServer();

	private final Map<String, AtomicInteger> answered = new ConcurrentHashMap<>();

	/** The endpoints in the order their requests arrived, each once, when it first did. */
	private final List<String> order = new CopyOnWriteArrayList<>();

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger mostInFlight = new AtomicInteger();

	private static HttpServer newServer() {
		try {
			return HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private URI url() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

	/** Answers 200 on each path, or {@code status} on {@code failing}. */
	private void serve(String failing, int status) {
		this.server.setExecutor(Executors.newFixedThreadPool(8));
		for (String path : List.of("/noop", "/add", "/check")) {
			this.server.createContext(path, (exchange) -> {
				int now = this.inFlight.incrementAndGet();
				this.mostInFlight.accumulateAndGet(now, Math::max);
				if (this.answered.computeIfAbsent(path, (first) -> new AtomicInteger()).incrementAndGet() == 1) {
					this.order.add(path);
				}
				sleepAMillisecond();
				byte[] body = (path + "\n").getBytes(StandardCharsets.UTF_8);
				this.inFlight.decrementAndGet();
				exchange.sendResponseHeaders(path.equals(failing) ? status : 200, body.length);
				exchange.getResponseBody().write(body);
				exchange.close();
			});
		}
		this.server.start();
	}

	private static void sleepAMillisecond() {
		Waits.sleep(1);
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void eachEndpointGetsItsRequestsInTurnFromSeveralClients() {
		serve("", 200);

		// 40 a path: the JDK's HttpServer answered each about 50 ms late here (450 requests took 6 s), so few
		// requests, enough for four clients to overlap.
		new TrainingLoad(url(), 40, 4).send();

		assertThat(this.order).containsExactly("/noop", "/add", "/check");
		assertThat(this.answered).containsOnlyKeys("/noop", "/add", "/check")
			.allSatisfy((path, count) -> assertThat(count.get()).as(path).isEqualTo(40));
		assertThat(this.mostInFlight.get()).isBetween(2, 4);
	}

	@Test
	void anAnswerOtherThan200StopsTheTraining() {
		serve("/add", 500);

		assertThatIllegalStateException().isThrownBy(() -> new TrainingLoad(url(), 50, 2).send())
			.withMessage(url() + "/add answered 500: /add");
		assertThat(this.answered).doesNotContainKey("/check");
	}

}
