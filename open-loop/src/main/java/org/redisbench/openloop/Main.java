package org.redisbench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import io.gatling.app.Gatling$;

/**
 * {@code java -jar open-loop.jar URL RATE SECONDS LEAD_IN OUT}: requests GET URL at RATE a second, open loop, for
 * LEAD_IN seconds uncounted and then SECONDS counted, and writes OUT (the step's figures, NAME=value) and OUT's
 * .hgrm (the latency histogram's percentiles). Exits 0 when the step ran, whatever its errors; 2 on bad arguments;
 * 1 when Gatling could not run it. Its other commands, {@code describe} and {@code slo}, are {@link RulesCommand}'s.
 */
public final class Main {

	private static final String USAGE = "usage: java -jar open-loop.jar URL RATE SECONDS LEAD_IN OUT";

	private Main() {
	}

	public static void main(String[] args) throws IOException {
		if (RulesCommand.handles(args)) {
			System.exit(RulesCommand.run(args, System.out, System.err));
		}
		if (args.length != 5 || !args[0].startsWith("http://")) {
			System.err.println(USAGE + "\n       " + RulesCommand.USAGE);
			System.exit(2);
		}
		double rate;
		int seconds;
		int leadIn;
		try {
			rate = Double.parseDouble(args[1]);
			seconds = Integer.parseInt(args[2]);
			leadIn = Integer.parseInt(args[3]);
		}
		catch (NumberFormatException ex) {
			rate = 0;
			seconds = 0;
			leadIn = -1;
		}
		if (!(rate > 0) || seconds < 1 || leadIn < 0) {
			System.err.println(USAGE + ": RATE above 0, SECONDS a whole number from 1, LEAD_IN from 0");
			System.exit(2);
		}
		Path out = Path.of(args[4]);
		Step step = new Step(args[0], rate, seconds, leadIn);
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
