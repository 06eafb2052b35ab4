package org.redisbench.benchrun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The mean size of the values /add wrote, from the STRLEN (HSTRLEN) of a sample of them, one a line
 * ({@code add.after.strlen.txt}): the report's value size, and the size bench.sh runs redis-benchmark at.
 * <p>
 * {@code java -cp bench-run.jar org.redisbench.benchrun.ValueSizes FILE} prints it rounded to a byte, and
 * nothing when no value was sampled.
 */
public final class ValueSizes {

	private ValueSizes() {
	}

	/**
	 * STRLEN is 0 for a missing person: those are counted as missing, not averaged in as empty values;
	 * {@code null} when no value was found.
	 */
	public static Double mean(String strlens) {
		double[] sizes = Arrays.stream(strlens.split("\\s+"))
			.filter(s -> s.matches("\\d+"))
			.mapToDouble(Double::parseDouble)
			.filter(size -> size > 0)
			.toArray();
		return sizes.length == 0 ? null : Arrays.stream(sizes).average().orElseThrow();
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 1) {
			System.err.println("usage: ValueSizes STRLEN_FILE");
			System.exit(2);
		}
		Double mean = mean(Files.readString(Path.of(args[0])));
		if (mean != null) {
			System.out.println(Math.round(mean));
		}
	}

}
