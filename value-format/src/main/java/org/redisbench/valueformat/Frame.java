package org.redisbench.valueformat;

/**
 * How a compressed value's bytes after its tag are framed. Reading takes either, since the tag says which; the choice
 * is what a writer writes. gzip has one frame only, its standard member, whichever is asked for.
 */
public enum Frame implements Named {

	/**
	 * This project's own frames, as the apps have always written them: zstd without magic, block header or checksum
	 * and a 2-byte dictionary fingerprint ({@link ZstdCompressor}), an LZ4 block after a varint length
	 * ({@link Lz4Compressor}). Fewest bytes; no stock tool reads them.
	 */
	COMPACT,

	/**
	 * A standard zstd or LZ4 frame, which the {@code zstd} and {@code lz4} command-line tools (and any other zstd or
	 * LZ4 library) decode once the tag byte is dropped: for values other services or tools read.
	 */
	STANDARD;

	/** As users type it: {@code standard}. */
	@Override
	public String label() {
		return Named.labelOf(this);
	}

	@Override
	public String toString() {
		return label();
	}

}
