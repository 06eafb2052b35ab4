package org.redisbench.valueformat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a value is compressed on its way to Redis: the apps' {@code bench.compression}, every script's
 * {@code --compression} and the reports' column. What each does to the bytes is {@link Compressions}.
 */
public enum Compression {

	NONE, GZIP, LZ4, ZSTD,

	/** Zstandard with a dictionary trained on the values it compresses. */
	ZSTD_DICT;

	/** As users type it and reports print it: {@code zstd-dict}. */
	public String label() {
		return name().toLowerCase().replace('_', '-');
	}

	/** Every label, in declaration order. */
	public static List<String> labels() {
		return Arrays.stream(values()).map(Compression::label).toList();
	}

	/** The compression of that label; one line naming every label otherwise, for a tool to print as it is. */
	public static Compression parse(String label) {
		return Arrays.stream(values())
			.filter((compression) -> compression.label().equals(label))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"unknown compression '" + label + "', one of: " + labels().stream().collect(Collectors.joining(", "))));
	}

	@Override
	public String toString() {
		return label();
	}

}
