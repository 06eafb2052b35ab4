package org.redisbench.valueformat;

/**
 * How a value is compressed on its way to Redis: the apps' {@code bench.compression}, every script's
 * {@code --compression} and the reports' column. What each does to the bytes is {@link Compressions}.
 */
public enum Compression implements Named {

	NONE, GZIP, LZ4, ZSTD,

	/** Zstandard with a dictionary trained on the values it compresses. */
	ZSTD_DICT;

	/** The compression of that label; one line naming every label otherwise, for a tool to print as it is. */
	public static Compression parse(String label) {
		return Named.parse(Compression.class, "compression", label);
	}

	/** As users type it and reports print it: {@code zstd-dict}. */
	@Override
	public String label() {
		return Named.labelOf(this);
	}

	@Override
	public String toString() {
		return label();
	}

}
