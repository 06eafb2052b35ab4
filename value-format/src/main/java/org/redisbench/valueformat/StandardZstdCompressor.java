package org.redisbench.valueformat;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;

/**
 * Zstandard in its standard frame ({@link Frame#STANDARD}): magic number, content size and, with a dictionary, the
 * dictionary's id, so that {@code zstd -d} (with {@code -D} and the dictionary file) reads a value after its tag.
 * No checksum: the codec checks what it reads. Costs {@link ZstdCompressor}'s dropped bytes back, but has no limit
 * of one block.
 */
class StandardZstdCompressor implements Compressor {

	private final ThreadLocal<ZstdCompressCtx> compressors;

	private final ThreadLocal<ZstdDecompressCtx> decompressors;

	StandardZstdCompressor() {
		this.compressors = ThreadLocal.withInitial(StandardZstdCompressor::newCompressContext);
		this.decompressors = ThreadLocal.withInitial(ZstdDecompressCtx::new);
	}

	StandardZstdCompressor(byte[] dictionary) {
		// Digested once and shared: digesting a dictionary costs far more than compressing a value.
		ZstdDictCompress compressDictionary = new ZstdDictCompress(dictionary, ZstdCompressor.LEVEL);
		ZstdDictDecompress decompressDictionary = new ZstdDictDecompress(dictionary);
		this.compressors = ThreadLocal.withInitial(() -> newCompressContext().loadDict(compressDictionary));
		this.decompressors = ThreadLocal.withInitial(() -> new ZstdDecompressCtx().loadDict(decompressDictionary));
	}

	private static ZstdCompressCtx newCompressContext() {
		return new ZstdCompressCtx().setLevel(ZstdCompressor.LEVEL)
			.setChecksum(false)
			.setContentSize(true)
			.setDictID(true);
	}

	@Override
	public byte[] compress(byte[] raw) {
		return this.compressors.get().compress(raw);
	}

	@Override
	public byte[] decompress(byte[] compressed, int maxLength) {
		// zstd-jni reads the header without a bound check: a value cut to its tag threw out of bounds (the decoder
		// fuzz, seed 6860978732430). A frame is its 4-byte magic number and a header of at least 2 bytes.
		if (compressed.length < 6) {
			throw new IllegalArgumentException("not a zstd frame: " + compressed.length + " bytes");
		}
		try {
			long length = Zstd.getFrameContentSize(compressed);
			if (length < 0 || length > maxLength) {
				// a frame written without its size (streamed) cannot be bounded before it is inflated
				throw new IllegalArgumentException(length < 0 ? "not a zstd frame with its content size"
						: "zstd frame claims " + length + " bytes, more than " + maxLength);
			}
			byte[] raw = this.decompressors.get().decompress(compressed, (int) length);
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
