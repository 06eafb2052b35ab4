package org.redisbench.processes;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests an app's AOT cache is trained on, so that it keeps the method profiles of what a run sends: each
 * endpoint in turn, from a few clients at once, as ab does. /check verifies the persons /add stored, so it comes after
 * /add and never more often.
 */
final class TrainingLoad {

	/** The endpoints a run loads, in an order where each finds what it needs. */
	static final List<String> PATHS = List.of("/noop", "/add", "/check");

	/** A request on a loaded 2-core machine while the app still interprets most of its code. */
	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

	private final URI app;

	private final int requests;

	private final int clients;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	/**
	 * @param app where the app answers, e.g. {@code http://127.0.0.1:8080}
	 * @param requests how many each endpoint gets
	 * @param clients how many send at once
	 */
	TrainingLoad(URI app, int requests, int clients) {
		this.app = app;
		this.requests = requests;
		this.clients = clients;
	}

	/**
	 * Sends them all, each endpoint after the one before it has answered every request. An answer other than 200
	 * stops it: a profile of error paths is not what a run's requests take.
	 *
	 * @throws IllegalStateException naming the first request that failed
	 */
	void send() {
		ExecutorService pool = Executors.newFixedThreadPool(this.clients);
		try {
			for (String path : PATHS) {
				AtomicInteger left = new AtomicInteger(this.requests);
				HttpRequest request = HttpRequest.newBuilder(this.app.resolve(path)).timeout(REQUEST_TIMEOUT).build();
				List<Future<?>> clients = new ArrayList<>();
				for (int client = 0; client < this.clients; client++) {
					clients.add(pool.submit(() -> {
						while (left.getAndDecrement() > 0) {
							answered(request);
						}
						return null;
					}));
				}
				for (Future<?> client : clients) {
					client.get();
				}
			}
		}
		catch (ExecutionException ex) {
			throw ex.getCause() instanceof IllegalStateException failed ? failed
					: new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while training", ex);
		}
		finally {
			pool.shutdownNow();
		}
	}

	private void answered(HttpRequest request) throws IOException, InterruptedException {
		HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IllegalStateException(request.uri() + " answered " + response.statusCode() + ": "
					+ response.body().strip());
		}
	}

}
