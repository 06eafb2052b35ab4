package org.redisbench.migrate;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A load on an app, one request after the other on a thread of its own, so that each {@code /add}'s ids and the
 * times it was sent and answered are known: with writes, an {@code /add} (after a {@code /reset} each time the adds
 * have gone over the written ids, so that they rewrite those persons again and again), then a
 * {@code /checksingle} of a random person; without, the reads only. {@link #close()} stops it and waits for it.
 */
final class ClosedLoop implements AutoCloseable {

	/**
	 * An {@code /add}: when it was sent and answered (ms since the epoch), its status, and the ids it wrote, first to
	 * last (none, first above last, when unanswered).
	 */
	record Add(long sentMillis, long answeredMillis, int status, long first, long last) {
	}

	/** A {@code /checksingle}: its status and time. */
	record Read(int status, double millis) {
	}

	/** The app's {@code bench.batch-size}: persons an {@code /add} writes. */
	private static final int BATCH = 100;

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

	private final URI app;

	private final int persons;

	private final int writtenIds;

	private final List<Add> adds = new ArrayList<>();

	private final List<Read> reads = new ArrayList<>();

	private final Thread thread;

	private volatile boolean stopped;

	/**
	 * @param persons the reads pick among persons 1..persons
	 * @param writtenIds the adds go over persons 1..writtenIds; 0: reads only
	 */
	private ClosedLoop(URI app, int persons, int writtenIds) {
		this.app = app;
		this.persons = persons;
		this.writtenIds = writtenIds;
		this.thread = new Thread(this::loop, "closed loop on " + app);
	}

	static ClosedLoop start(URI app, int persons, int writtenIds) {
		ClosedLoop load = new ClosedLoop(app, persons, writtenIds);
		load.thread.start();
		return load;
	}

	/** Once closed. */
	List<Add> adds() {
		return this.adds;
	}

	/** Once closed. */
	List<Read> reads() {
		return this.reads;
	}

	/** Once closed: the requests not answered 200, the first few, for a message. */
	List<String> not200() {
		List<String> bad = new ArrayList<>();
		this.adds.stream().filter((add) -> add.status() != 200).map(Add::toString).forEach(bad::add);
		this.reads.stream().filter((read) -> read.status() != 200).map(Read::toString).forEach(bad::add);
		return bad.subList(0, Math.min(3, bad.size()));
	}

	/** Once closed: the reads' 99th percentile, in ms, and how many. */
	String readsP99() {
		double[] times = this.reads.stream().mapToDouble(Read::millis).sorted().toArray();
		return times.length == 0 ? "no reads"
				: String.format("%.1f ms of %d reads", times[Math.max(0, (int) (times.length * 0.99) - 1)], times.length);
	}

	@Override
	public void close() throws InterruptedException {
		this.stopped = true;
		this.thread.join();
	}

	private void loop() {
		int added = 0;
		while (!this.stopped) {
			if (this.writtenIds > 0) {
				if (added * BATCH >= this.writtenIds) {
					get(this.app, "/reset");
					added = 0;
				}
				long sent = System.currentTimeMillis();
				Optional<HttpResponse<String>> answer = get(this.app, "/add");
				long answered = System.currentTimeMillis();
				// unanswered, it wrote no one: an empty range
				String[] ids = answer.flatMap((add) -> add.headers().firstValue("Person-Ids")).orElse("1-0").split("-");
				this.adds.add(new Add(sent, answered, status(answer), Long.parseLong(ids[0]), Long.parseLong(ids[1])));
				added++;
			}
			long start = System.nanoTime();
			Optional<HttpResponse<String>> answer = get(this.app,
					"/checksingle/" + ThreadLocalRandom.current().nextInt(1, this.persons + 1));
			this.reads.add(new Read(status(answer), (System.nanoTime() - start) / 1e6));
		}
	}

	/** The app's answer to a GET, none when it did not come within 10 s. */
	static Optional<HttpResponse<String>> get(URI app, String path) {
		HttpRequest request = HttpRequest.newBuilder(app.resolve(path)).timeout(TIMEOUT).build();
		try {
			return Optional.of(HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	/** An answer's status, 0 for none. */
	static int status(Optional<HttpResponse<String>> answer) {
		return answer.map(HttpResponse::statusCode).orElse(0);
	}

}
