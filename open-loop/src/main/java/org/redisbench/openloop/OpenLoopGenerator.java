package org.redisbench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

import io.gatling.app.Gatling$;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Failure;

/**
 * {@code java -jar open-loop.jar [--cpu NAME=PID]... [--clock-ticks N] URL RATE SECONDS LEAD_IN OUT}: requests GET URL
 * at RATE a second, open loop, for LEAD_IN seconds uncounted and then SECONDS counted, and writes OUT (the step's
 * figures, NAME=value), OUT's .hgrm (the latency histogram's percentiles), .requests (each counted request) and
 * .runqueue (the processes' run-queue waits, tick by tick); {@link GeneratorCommand} tells the
 * options. Exits 0 when the step ran, whatever its errors; 2 on bad arguments; 1 when Gatling could not run it.
 */
public final class OpenLoopGenerator {

	private OpenLoopGenerator() {
	}

	/** CommandLines.main exits the JVM even when the step ran: Gatling's event loops are not daemon threads. */
	public static void main(String[] args) {
		CommandLines.main(new GeneratorCommand(), args);
	}

	/**
	 * Runs the step in Gatling's engine, then writes its figures into OUT and OUT.hgrm, its requests into OUT.requests
	 * and, ticking every {@code tickMs} (0: never), the processes' run-queue waits tick by tick into OUT.runqueue.
	 */
	static void run(Step step, long tickMs, Path out) throws IOException {
		Step.start(step);
		Path results = Files.createTempDirectory("open-loop-gatling");
		int status;
		Optional<RunQueueTicks> ticks = tickMs == 0 ? Optional.empty()
				: Optional.of(RunQueueTicks.start(step.cpu(), tickMs));
		try {
			status = Gatling$.MODULE$.fromArgs(new String[] { "-s", ConstantRateSimulation.class.getName(), "-rf",
					results.toString(), "-nr", "-l", "open-loop" });
		}
		finally {
			ticks.ifPresent(RunQueueTicks::close);
			deleteTree(results);
		}
		if (status != 0) {
			throw new Failure("Gatling exited " + status);
		}
		step.write(out, Path.of(out + ".hgrm"), Path.of(out + ".requests"));
		if (ticks.isPresent()) {
			ticks.get().write(Path.of(out + ".runqueue"));
		}
	}

	private static void deleteTree(Path root) throws IOException {
		try (Stream<Path> paths = Files.walk(root)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
