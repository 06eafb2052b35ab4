package org.redisbench.fill;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.redisbench.commandline.Failure;
import org.redisbench.processes.ChildProcess;
import redis.clients.jedis.Jedis;

/**
 * The same persons loaded by {@code redis-cli --pipe}, Redis's own mass insertion, from the commands the fill sends
 * written as the Redis protocol, into our own Redis, flushed: the rate to hold the fill's against.
 */
final class PipeComparison {

	private static final Duration TIMEOUT = Duration.ofHours(4);

	private final FillOptions options;

	private final PrintWriter out;

	PipeComparison(FillOptions options, PrintWriter out) {
		this.options = options;
		this.out = out;
	}

	void run() throws IOException {
		Path resp = Files.createTempFile("fill-resp.", ".resp");
		try {
			long start = System.nanoTime();
			long written = RespFile.write(this.options, Fill.serializer(this.options), resp);
			this.out.println(Fill.report("wrote ", this.options.of(written), (System.nanoTime() - start) / 1e9));
			Target target = Fill.reach(this.options.reach());
			try (Jedis jedis = target.connect(0)) {
				jedis.flushAll();
			}
			Path log = Files.createTempFile("fill-pipe.", ".log");
			start = System.nanoTime();
			int status = ChildProcess.run(Path.of("."), List.of("bash", "-c", "exec redis-cli -p \"$1\" --pipe <\"$2\"",
					"pipe", String.valueOf(this.options.reach().port()), resp.toString()), log, TIMEOUT).exitValue();
			double seconds = (System.nanoTime() - start) / 1e9;
			Files.deleteIfExists(log);
			if (status != 0) {
				throw new Failure("redis-cli --pipe exited with status " + status);
			}
			this.out.println(String.format(Locale.ROOT, "redis-cli --pipe: %d persons in %.3f s: %s persons/s",
					written, seconds, Fill.rate(written, seconds)));
			MemoryReport.lines(MemoryReport.read(target)).forEach(this.out::println);
			this.out.flush();
		}
		catch (UncheckedIOException ex) {
			throw new Failure("cannot run redis-cli --pipe: " + ex.getMessage(), ex);
		}
		finally {
			Files.deleteIfExists(resp);
		}
	}

}
