package org.redisbench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import io.gatling.app.Gatling$;

/**
 * {@code java -jar open-loop.jar [--cpu NAME=PID]... [--clock-ticks N] URL RATE SECONDS LEAD_IN OUT}: requests GET URL
 * at RATE a second, open loop, for LEAD_IN seconds uncounted and then SECONDS counted, and writes OUT (the step's
 * figures, NAME=value) and OUT's .hgrm (the latency histogram's percentiles); {@link Arguments} tells the options.
 * Exits 0 when the step ran, whatever its errors; 2 on bad arguments; 1 when Gatling could not run it.
 */
public final class OpenLoopGenerator {

	private OpenLoopGenerator() {
	}

	public static void main(String[] args) throws IOException {
		Arguments arguments;
		try {
			arguments = Arguments.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(Arguments.USAGE + ": " + ex.getMessage());
			System.exit(2);
			return;
		}
		Path out = arguments.out();
		Step step = new Step(arguments.url(), arguments.rate(), arguments.seconds(), arguments.leadIn(),
				new CpuAccount(arguments.processes(), arguments.clockTicks()));
		Step.start(step);
		Path results = Files.createTempDirectory("open-loop-gatling");
		int status;
		try {
			status = Gatling$.MODULE$.fromArgs(new String[] { "-s", ConstantRateSimulation.class.getName(), "-rf",
					results.toString(), "-nr", "-l", "open-loop" });
		}
		finally {
			deleteTree(results);
		}
		if (status != 0) {
			System.err.println("Gatling exited " + status);
			System.exit(1);
		}
		step.write(out, Path.of(out + ".hgrm"));
		// Gatling's event loops are not daemon threads.
		System.exit(0);
	}

	private static void deleteTree(Path root) throws IOException {
		try (Stream<Path> paths = Files.walk(root)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
