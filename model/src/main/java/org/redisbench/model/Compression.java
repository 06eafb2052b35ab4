package org.redisbench.model;

/**
 * How a value is compressed on its way to Redis: the apps' {@code bench.compression}, every script's
 * {@code --compression} and the reports' column. What each does to the bytes is common's
 * {@code org.redisbench.codec.Compressions}.
 */
public enum Compression implements Named {

	NONE, GZIP, LZ4, ZSTD,

	/** Zstandard with a dictionary trained on the values it compresses. */
	ZSTD_DICT;

	public static Compression parse(String label) {
		return Named.parse(Compression.class, "compression", label);
	}

	@Override
	public String label() {
		return Named.labelOf(this);
	}

	@Override
	public String toString() {
		return label();
	}

}
