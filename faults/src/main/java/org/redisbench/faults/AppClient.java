package org.redisbench.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * GETs to one app, each a {@link LoggedRequest}: a request the app does not answer is status {@code 000}, never an
 * exception, so that a load loop counts it.
 */
final class AppClient {

	/** As long as the bash loops' curl waited: far over any bound, so an answer over it is still counted. */
	static final Duration WAIT = Duration.ofSeconds(30);

	/** The header in which a 2xx names the ids of the persons it stored or verified. */
	private static final String IDS_HEADER = "Person-Ids";

	/** A failure's text is the first line of the first bytes of its body. */
	private static final int FAILURE_BYTES = 200;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final URI app;

	AppClient(URI app) {
		this.app = app;
	}

	LoggedRequest request(String path) {
		HttpRequest request = HttpRequest.newBuilder(this.app.resolve(path)).timeout(WAIT).build();
		long start = LoggedRequest.now();
		try {
			HttpResponse<byte[]> response = this.http.send(request, HttpResponse.BodyHandlers.ofByteArray());
			long end = LoggedRequest.now();
			String status = String.valueOf(response.statusCode());
			if (status.startsWith("2")) {
				IdRange ids = response.headers().firstValue(IDS_HEADER).map(IdRange::parse).orElse(null);
				return new LoggedRequest(start, end, status, ids, "");
			}
			return new LoggedRequest(start, end, status, null, failure(response.body()));
		}
		catch (IOException ex) {
			return new LoggedRequest(start, LoggedRequest.now(), LoggedRequest.UNANSWERED, null,
					"no answer: " + ex.getClass().getSimpleName());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("GET " + path + " interrupted", ex);
		}
	}

	/** The status alone, {@code 000} when none came within {@code wait}. */
	String status(String path, Duration wait) {
		HttpRequest request = HttpRequest.newBuilder(this.app.resolve(path)).timeout(wait).build();
		try {
			return String.valueOf(this.http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
		}
		catch (IOException ex) {
			return LoggedRequest.UNANSWERED;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("GET " + path + " interrupted", ex);
		}
	}

	String status(String path) {
		return status(path, WAIT);
	}

	private static String failure(byte[] body) {
		String text = new String(Arrays.copyOf(body, Math.min(body.length, FAILURE_BYTES)), StandardCharsets.UTF_8);
		return text.lines().findFirst().orElse("");
	}

}
