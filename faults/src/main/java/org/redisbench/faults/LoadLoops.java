package org.redisbench.faults;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The load of a phase: a number of loops, each requesting one path back to back until stopped or at its request
 * limit, each answer a line of the file {@code PHASE.N} of loop N in the output folder ({@link RequestLog}).
 */
final class LoadLoops {

	private final AtomicBoolean running = new AtomicBoolean(true);

	/** The failures' texts so far, as {@link Cause} counts them: few, however many requests failed. */
	private final Set<String> failures = ConcurrentHashMap.newKeySet();

	private final List<Thread> loops = new ArrayList<>();

	private final List<RuntimeException> errors = new ArrayList<>();

	private LoadLoops() {
	}

	/** Starts {@code clients} loops requesting {@code path}, at most {@code maxRequests} each. */
	static LoadLoops start(AppClient app, String path, Path work, String phase, int clients, int maxRequests) {
		LoadLoops load = new LoadLoops();
		for (int i = 0; i < clients; i++) {
			Path file = work.resolve(phase + "." + i);
			Thread loop = new Thread(() -> load.loop(app, path, file, maxRequests), "load " + phase + "." + i);
			load.loops.add(loop);
			loop.start();
		}
		return load;
	}

	/** Whether some request failed with {@code text} in its failure so far. */
	boolean refusedFor(String text) {
		return this.failures.stream().anyMatch((failure) -> failure.contains(text));
	}

	/** Stops every loop after its request in flight, and waits for them: their files are then whole. */
	void stop() throws InterruptedException {
		this.running.set(false);
		for (Thread loop : this.loops) {
			loop.join();
		}
		synchronized (this.errors) {
			if (!this.errors.isEmpty()) {
				throw this.errors.get(0);
			}
		}
	}

	private void loop(AppClient app, String path, Path file, int maxRequests) {
		try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			for (int n = 0; n < maxRequests && this.running.get(); n++) {
				LoggedRequest request = app.request(path);
				if (!request.failure().isEmpty()) {
					this.failures.add(Cause.normalise(request.failure()));
				}
				out.write(request.line());
				out.newLine();
			}
		}
		catch (IOException ex) {
			synchronized (this.errors) {
				this.errors.add(new UncheckedIOException("cannot write " + file, ex));
			}
		}
		catch (RuntimeException ex) {
			synchronized (this.errors) {
				this.errors.add(ex);
			}
		}
	}

}
