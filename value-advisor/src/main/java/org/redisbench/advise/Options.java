package org.redisbench.advise;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.commandline.Refusal;
import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Placement;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ObjectCandidates;
import org.redisbench.valueformat.Compression;

/**
 * The advisor's arguments, as scripts/advise.sh passes them: {@code --name value} pairs, every one given (the
 * script holds the defaults and the --help). A wrong one is an {@link Refusal}.
 */
record Options(String uri, Path file, Path caCertificate, String match, int sample, int maxValueBytes, long seed,
		String classpath, String allow, List<String> objects, List<DocumentEncoding> encodings, List<Compression> compressions,
		List<Placement> layouts, Conversion.Dictionary dictionary, Disclosure disclosure, Cpu cpu, Path out) {

	/** JMH's settings; {@code forks} 0 runs it in the advisor's own JVM. */
	record Cpu(boolean run, int forks, int warmupIterations, String warmupTime, int iterations, String iterationTime) {
	}

	/** zstd in this project's framing holds one block: a value of up to 128 KiB. */
	static final int MAX_VALUE_BYTES = 128 * 1024;

	/** Whether the user gave classes to read their values with: then nothing read is bad input. */
	boolean classesGiven() {
		return !this.classpath.isBlank() || !this.allow.isBlank();
	}

	static Options parse(String[] args) {
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
		String uri = named.getOrDefault("uri", "");
		String file = named.getOrDefault("file", "");
		if (uri.isEmpty() == file.isEmpty()) {
			throw new Refusal("give a Redis URI or a file, one of them");
		}
		int maxValueBytes = count(named, "max-value-bytes", 1);
		if (maxValueBytes > MAX_VALUE_BYTES) {
			throw new Refusal("--max-value-bytes is at most " + MAX_VALUE_BYTES
					+ ": zstd as this project frames it compresses one 128 KiB block");
		}
		String ca = named.getOrDefault("cacert", "");
		return new Options(uri, file.isEmpty() ? null : Path.of(file), ca.isEmpty() ? null : Path.of(ca),
				required(named, "match"), count(named, "sample", 2), maxValueBytes, count(named, "seed", 0),
				required(named, "classpath"), required(named, "allow"), objects(list(named, "objects")),
				list(named, "encodings").stream().map(DocumentEncoding::byId).toList(),
				list(named, "compression").stream().map(Conversion::compression).toList(),
				list(named, "layouts").stream().map(Placement::byId).toList(),
				new Conversion.Dictionary(count(named, "dictionary-bytes", 0), count(named, "train-values", 0)),
				yes(named, "show-values") ? Disclosure.SHOWN : Disclosure.HIDDEN,
				new Cpu(yes(named, "cpu"), count(named, "forks", 0),
						count(named, "warmup-iterations", 0), required(named, "warmup-time"),
						count(named, "iterations", 1), required(named, "iteration-time")),
				Path.of(required(named, "out")));
	}

	/** The typed candidates by id ({@link ObjectCandidates#IDS}), or {@code all}. */
	private static List<String> objects(List<String> ids) {
		if (ids.equals(List.of("all"))) {
			return ObjectCandidates.IDS;
		}
		for (String id : ids) {
			if (!ObjectCandidates.IDS.contains(id)) {
				throw new Refusal("unknown typed candidate '" + id + "' in --objects, one of: "
						+ String.join(", ", ObjectCandidates.IDS) + ", or all");
			}
		}
		return ids;
	}

	private static String required(Map<String, String> named, String name) {
		String value = named.get(name);
		if (value == null) {
			throw new Refusal("missing --" + name);
		}
		return value;
	}

	private static boolean yes(Map<String, String> named, String name) {
		String value = required(named, name);
		if (!value.equals("yes") && !value.equals("no")) {
			throw new Refusal("--" + name + " is yes or no, not '" + value + "'");
		}
		return value.equals("yes");
	}

	private static int count(Map<String, String> named, String name, int min) {
		String value = required(named, name);
		if (!value.matches("\\d{1,9}") || Integer.parseInt(value) < min) {
			throw new Refusal("--" + name + " is a whole number, at least " + min + ", not '" + value + "'");
		}
		return Integer.parseInt(value);
	}

	private static List<String> list(Map<String, String> named, String name) {
		List<String> items = Arrays.stream(required(named, name).split(",")).map(String::strip)
			.filter((item) -> !item.isEmpty())
			.toList();
		if (items.isEmpty()) {
			throw new Refusal("--" + name + " names nothing");
		}
		return items;
	}

}
