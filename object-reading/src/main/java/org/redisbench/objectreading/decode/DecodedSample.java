package org.redisbench.objectreading.decode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.AllowList;

/**
 * The sample's values read as objects: each value's {@link ValueDecoder.Reading} in the sample's order, and the
 * counts the report gives: formats, what frames held, values decoded, refused and missing classes, failures.
 */
public final class DecodedSample {

	private final List<ValueDecoder.Reading> readings;

	private final Map<ValueFormat, Long> formats = new EnumMap<>(ValueFormat.class);

	private final Map<ValueFormat, Map<ValueFormat, Long>> insideFrames = new EnumMap<>(ValueFormat.class);

	private final Map<String, Long> framesNotOpened = new TreeMap<>();

	private final Map<String, Long> refused = new TreeMap<>();

	private final Map<String, Long> missing = new TreeMap<>();

	private final Map<String, Long> failed = new TreeMap<>();

	private long objectValues;

	private long decoded;

	private DecodedSample(List<ValueDecoder.Reading> readings) {
		this.readings = List.copyOf(readings);
		for (ValueDecoder.Reading reading : readings) {
			this.formats.merge(reading.format(), 1L, Long::sum);
			if (reading.inside() != null) {
				this.insideFrames.computeIfAbsent(reading.format(), (frame) -> new EnumMap<>(ValueFormat.class))
					.merge(reading.inside(), 1L, Long::sum);
			}
			if (reading.frameFailure() != null) {
				this.framesNotOpened.merge(reading.frameFailure(), 1L, Long::sum);
			}
			if (reading.outcome() == null) {
				continue;
			}
			this.objectValues++;
			if (reading.outcome() instanceof Outcome.Decoded) {
				this.decoded++;
			}
			else if (reading.outcome() instanceof Outcome.Refused refusal) {
				this.refused.merge(refusal.className(), 1L, Long::sum);
			}
			else if (reading.outcome() instanceof Outcome.Missing absent) {
				this.missing.merge(absent.className(), 1L, Long::sum);
			}
			else if (reading.outcome() instanceof Outcome.Failed failure) {
				this.failed.merge(failure.reason(), 1L, Long::sum);
			}
		}
	}

	public static DecodedSample read(List<byte[]> values, ValueDecoder decoder) {
		List<ValueDecoder.Reading> readings = new ArrayList<>(values.size());
		for (byte[] value : values) {
			readings.add(decoder.read(value));
		}
		return new DecodedSample(readings);
	}

	/** Each value's reading, in the sample's order. */
	public List<ValueDecoder.Reading> readings() {
		return this.readings;
	}

	/** The object of the value at this position of the sample, or {@code null} when it has none. */
	public Object object(int position) {
		return this.readings.get(position).outcome() instanceof Outcome.Decoded decodedValue ? decodedValue.value()
				: null;
	}

	/** The decoded objects alone, in the sample's order. */
	public List<Object> objects() {
		List<Object> objects = new ArrayList<>();
		for (int i = 0; i < this.readings.size(); i++) {
			if (object(i) != null) {
				objects.add(object(i));
			}
		}
		return objects;
	}

	/** Values by their own format, every format named (0 for those the sample lacks), as advice.json gives them. */
	public Map<ValueFormat, Long> formats() {
		return counts(this.formats);
	}

	/** What the compression frames held: per frame's format, the formats inside. */
	public Map<ValueFormat, Map<ValueFormat, Long>> insideFrames() {
		return Collections.unmodifiableMap(this.insideFrames);
	}

	/** Frames that could not be opened, by reason (corrupt, or too large once decompressed). */
	public Map<String, Long> framesNotOpened() {
		return Collections.unmodifiableMap(this.framesNotOpened);
	}

	/** Values that are a JDK stream or typed JSON, in a frame or not: those there is an object to read from. */
	public long objectValues() {
		return this.objectValues;
	}

	public long decoded() {
		return this.decoded;
	}

	/** The first class refused in a value, by class, most values first. */
	public Map<String, Long> refused() {
		return byCount(this.refused);
	}

	public Map<String, Long> missing() {
		return byCount(this.missing);
	}

	public Map<String, Long> failed() {
		return byCount(this.failed);
	}

	/**
	 * The bad input the user's classes can make, one line each: classes refused while {@code --allow} is empty (the
	 * packages the sample holds, so that the user can name them), and nothing decoded when the user gave classes to
	 * decode with.
	 *
	 * @param classesGiven whether --classpath or --allow was given
	 * @throws Refusal on either
	 */
	public void requireDecodable(AllowList allow, boolean classesGiven) {
		if (allow.isEmpty() && !this.refused.isEmpty()) {
			Map<String, Long> packages = packages();
			throw new Refusal(String.format("%d value(s) are JDK-serialized or typed JSON objects of classes "
					+ "--allow does not name; the sample holds classes of %s: name those you trust with --allow "
					+ "(e.g. --allow '%s') and give their jars with --classpath",
					this.refused.values().stream().mapToLong(Long::longValue).sum(),
					packages.entrySet().stream().map((entry) -> entry.getKey() + " (" + entry.getValue() + ")")
						.collect(Collectors.joining(", ")),
					packages.keySet().stream().limit(3).map((name) -> name + ".**").collect(Collectors.joining(","))));
		}
		if (classesGiven && this.decoded == 0) {
			throw new Refusal(this.objectValues == 0
					? "--classpath or --allow given, but no value of the sample is JDK-serialized or typed JSON "
							+ "(formats: " + formats().entrySet().stream().filter((entry) -> entry.getValue() > 0)
								.map((entry) -> entry.getKey() + " " + entry.getValue())
								.collect(Collectors.joining(", ")) + ")"
					: "none of the " + this.objectValues + " JDK-serialized or typed JSON values could be read: "
							+ why());
		}
	}

	/** The packages of the refused classes, most values first: what an --allow would name. */
	public Map<String, Long> packages() {
		Map<String, Long> packages = new TreeMap<>();
		this.refused.forEach((name, count) -> {
			// an array's component, a generic type id's raw class; a proxy names no package
			String type = name.replaceAll("^\\[+L|;$|<.*", "");
			int dot = type.lastIndexOf('.');
			if (dot > 0 && !type.contains(" ")) {
				packages.merge(type.substring(0, dot), count, Long::sum);
			}
		});
		return byCount(packages);
	}

	private String why() {
		List<String> reasons = new ArrayList<>();
		this.missing.forEach((name, count) -> reasons.add("class " + name + " not on --classpath (" + count + ")"));
		this.refused.forEach((name, count) -> reasons.add("class " + name + " not allowed (" + count + ")"));
		this.failed.forEach((reason, count) -> reasons.add(reason + " (" + count + ")"));
		return reasons.stream().limit(3).collect(Collectors.joining("; ")) + (reasons.size() > 3 ? "; …" : "");
	}

	private static Map<ValueFormat, Long> counts(Map<ValueFormat, Long> counts) {
		Map<ValueFormat, Long> all = new EnumMap<>(ValueFormat.class);
		for (ValueFormat format : ValueFormat.values()) {
			all.put(format, counts.getOrDefault(format, 0L));
		}
		return all;
	}

	private static Map<String, Long> byCount(Map<String, Long> counts) {
		Map<String, Long> sorted = new LinkedHashMap<>();
		counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
			.forEach((entry) -> sorted.put(entry.getKey(), entry.getValue()));
		return sorted;
	}

}
