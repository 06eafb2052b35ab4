package org.redisbench.migrate;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.redisbench.commandline.Refusal;

/**
 * The migrator's arguments, as scripts/migrate.sh passes them: {@code --name value} pairs, every one given (the
 * script holds the defaults and the --help). A wrong one is a {@link Refusal}.
 *
 * @param mode what the run does to the source
 * @param verify whether every matched key is read again afterwards and its format counted
 * @param rate keys a second, over all masters
 * @param batch keys a SCAN page asks for, and so a pipelined round trip of reads and one of replacements
 * @param maxOps pause while the master's {@code instantaneous_ops_per_sec} is above it; 0: never
 * @param maxP99Millis pause while the p99 of the latency probe's PINGs is above it; 0: never
 * @param sample values the dry run's projection measures
 * @param checkpoint where a writing run keeps its SCAN cursors and counts
 * @param classpath the user's classes ({@code --classpath}, as the advisor takes it), empty for none
 * @param allow the classes the values may be built of ({@code --allow}, as the advisor takes it), empty for none
 * @param registrations the file of classes a registering format registers, or {@code null}
 */
record MigrateOptions(String uri, Path caCertificate, String match, String from, String to, Path fromDictionary,
		Path toDictionary, Mode mode, boolean verify, int rate, int batch, long maxOps, double maxP99Millis,
		int maxValueBytes, int sample, long seed, Path checkpoint, Path out, String classpath, String allow,
		Path registrations) {

	/** Whether the values are a user's own objects, not the project's persons: any of the objects' options given. */
	boolean objects() {
		return !this.classpath.isEmpty() || !this.allow.isEmpty() || this.registrations != null;
	}

	enum Mode {

		/** Reads every matched key and projects the memory after; writes nothing. */
		DRY_RUN,

		/** Converts every matched key in the source format. */
		WRITE,

		/** Only counts the formats the matched keys hold. */
		VERIFY_ONLY

	}

	static MigrateOptions parse(String[] args) {
		if (args.length % 2 != 0) {
			throw new Refusal("expected --name value pairs");
		}
		Map<String, String> named = new HashMap<>();
		for (int i = 0; i < args.length; i += 2) {
			if (!args[i].startsWith("--")) {
				throw new Refusal("expected --name, got '" + args[i] + "'");
			}
			named.put(args[i].substring(2), args[i + 1]);
		}
		Mode mode = switch (required(named, "mode")) {
			case "dry-run" -> Mode.DRY_RUN;
			case "write" -> Mode.WRITE;
			case "verify" -> Mode.VERIFY_ONLY;
			default -> throw new Refusal("--mode is dry-run, write or verify");
		};
		return new MigrateOptions(required(named, "uri"), path(named, "cacert"), required(named, "match"),
				required(named, "from"), required(named, "to"), path(named, "from-dictionary"),
				path(named, "to-dictionary"), mode, "yes".equals(required(named, "verify")),
				(int) count(named, "rate", 1), (int) count(named, "batch", 1), count(named, "max-ops", 0),
				millis(named, "max-p99"), (int) count(named, "max-value-bytes", 1), (int) count(named, "sample", 2),
				count(named, "seed", 0), path(named, "checkpoint"), Path.of(required(named, "out")),
				named.getOrDefault("classpath", ""), named.getOrDefault("allow", ""), path(named, "registrations"));
	}

	private static String required(Map<String, String> named, String name) {
		String value = named.get(name);
		if (value == null) {
			throw new Refusal("missing --" + name);
		}
		return value;
	}

	private static Path path(Map<String, String> named, String name) {
		String value = named.getOrDefault(name, "");
		return value.isEmpty() ? null : Path.of(value);
	}

	private static long count(Map<String, String> named, String name, long min) {
		String value = required(named, name);
		if (!value.matches("\\d{1,9}") || Long.parseLong(value) < min) {
			throw new Refusal("--" + name + " is a whole number, at least " + min + ", not '" + value + "'");
		}
		return Long.parseLong(value);
	}

	private static double millis(Map<String, String> named, String name) {
		String value = required(named, name);
		if (!value.matches("\\d{1,6}(\\.\\d{1,3})?")) {
			throw new Refusal("--" + name + " is milliseconds, e.g. 5 or 2.5, not '" + value + "'");
		}
		return Double.parseDouble(value);
	}

}
