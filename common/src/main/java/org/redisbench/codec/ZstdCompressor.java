package org.redisbench.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;

/**
 * Zstandard, with or without a dictionary. A 150-byte person has too little in it for zstd to find
 * repeats, so a dictionary trained on many persons is what makes it pay.
 * <p>
 * Frames carry their content size (so the reader can refuse a large one before allocating) but no magic
 * number, checksum or 4-byte dictionary id: the value's tag already says zstd, the codec and md5 check
 * the content, and a 2-byte dictionary fingerprint in front of the frame refuses a value compressed with
 * another dictionary. Those bytes matter: they decide which allocation size class Redis uses.
 */
class ZstdCompressor implements Compressor {

	/** Measured on persons: higher levels make dictionary-compressed persons larger, not smaller. */
	private static final int LEVEL = 3;

	private final ThreadLocal<ZstdCompressCtx> compressors;

	private final ThreadLocal<ZstdDecompressCtx> decompressors;

	/** Empty without a dictionary. */
	private final byte[] fingerprint;

	ZstdCompressor() {
		this.compressors = ThreadLocal.withInitial(ZstdCompressor::newCompressContext);
		this.decompressors = ThreadLocal.withInitial(() -> new ZstdDecompressCtx().setMagicless(true));
		this.fingerprint = new byte[0];
	}

	ZstdCompressor(byte[] dictionary) {
		// Digested once and shared: digesting a dictionary costs far more than compressing a person.
		ZstdDictCompress compressDictionary = new ZstdDictCompress(dictionary, LEVEL);
		ZstdDictDecompress decompressDictionary = new ZstdDictDecompress(dictionary);
		this.compressors = ThreadLocal.withInitial(() -> newCompressContext().loadDict(compressDictionary));
		this.decompressors = ThreadLocal
			.withInitial(() -> new ZstdDecompressCtx().setMagicless(true).loadDict(decompressDictionary));
		long id = Zstd.getDictIdFromDict(dictionary);
		this.fingerprint = new byte[] { (byte) (id >>> 8), (byte) id };
	}

	private static ZstdCompressCtx newCompressContext() {
		return new ZstdCompressCtx().setLevel(LEVEL)
			.setMagicless(true)
			.setChecksum(false)
			.setContentSize(true)
			.setDictID(false);
	}

	@Override
	public byte[] compress(byte[] raw) {
		byte[] frame = this.compressors.get().compress(raw);
		if (this.fingerprint.length == 0) {
			return frame;
		}
		byte[] value = new byte[this.fingerprint.length + frame.length];
		System.arraycopy(this.fingerprint, 0, value, 0, this.fingerprint.length);
		System.arraycopy(frame, 0, value, this.fingerprint.length, frame.length);
		return value;
	}

	@Override
	public byte[] decompress(byte[] compressed, int maxLength) {
		int start = this.fingerprint.length;
		if (start > 0 && (compressed.length < start || compressed[0] != this.fingerprint[0]
				|| compressed[1] != this.fingerprint[1])) {
			throw new IllegalArgumentException("compressed with another dictionary");
		}
		if (compressed.length == start) {
			// zstd-jni reads the frame header without checking that there is one.
			throw new IllegalArgumentException("zstd frame is empty");
		}
		try {
			long length = Zstd.getFrameContentSize(compressed, start, compressed.length - start, true);
			if (length < 0 || length > maxLength) {
				throw new IllegalArgumentException(length < 0 ? "not a zstd frame with its content size"
						: "zstd frame claims " + length + " bytes, more than " + maxLength);
			}
			byte[] raw = this.decompressors.get().decompress(compressed, start, compressed.length - start, (int) length);
			if (raw.length != length) {
				throw new IllegalArgumentException("zstd frame holds " + raw.length + " bytes, not the recorded " + length);
			}
			return raw;
		}
		catch (ZstdException ex) {
			throw new IllegalArgumentException("not a zstd frame of this dictionary: " + ex.getMessage(), ex);
		}
	}

}
