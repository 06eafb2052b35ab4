package org.redisbench.codec;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;

/**
 * Zstandard, with or without a dictionary. A 150-byte person has too little in it for zstd to find
 * repeats, so a dictionary trained on many persons is what makes it pay. Frames are written without
 * zstd's magic number, checksum and content size — the value header already identifies the format and
 * records the length — but with the dictionary id, so a value compressed with another dictionary is
 * refused rather than decoded into garbage.
 */
class ZstdCompressor implements Compressor {

	private static final int LEVEL = 3;

	private final ThreadLocal<ZstdCompressCtx> compressors;

	private final ThreadLocal<ZstdDecompressCtx> decompressors;

	ZstdCompressor() {
		this.compressors = ThreadLocal.withInitial(ZstdCompressor::newCompressContext);
		this.decompressors = ThreadLocal.withInitial(() -> new ZstdDecompressCtx().setMagicless(true));
	}

	ZstdCompressor(byte[] dictionary) {
		// Digested once and shared: digesting a dictionary costs far more than compressing a person.
		ZstdDictCompress compressDictionary = new ZstdDictCompress(dictionary, LEVEL);
		ZstdDictDecompress decompressDictionary = new ZstdDictDecompress(dictionary);
		this.compressors = ThreadLocal.withInitial(() -> newCompressContext().loadDict(compressDictionary));
		this.decompressors = ThreadLocal
			.withInitial(() -> new ZstdDecompressCtx().setMagicless(true).loadDict(decompressDictionary));
	}

	private static ZstdCompressCtx newCompressContext() {
		return new ZstdCompressCtx().setLevel(LEVEL)
			.setMagicless(true)
			.setChecksum(false)
			.setContentSize(false)
			.setDictID(true);
	}

	@Override
	public byte[] compress(byte[] raw) {
		return this.compressors.get().compress(raw);
	}

	@Override
	public byte[] decompress(byte[] compressed, int originalLength) {
		try {
			byte[] raw = this.decompressors.get().decompress(compressed, originalLength);
			if (raw.length != originalLength) {
				throw new IllegalArgumentException(
						"zstd frame holds " + raw.length + " bytes, not the recorded " + originalLength);
			}
			return raw;
		}
		catch (ZstdException ex) {
			throw new IllegalArgumentException("not a zstd frame of this dictionary: " + ex.getMessage(), ex);
		}
	}

}
