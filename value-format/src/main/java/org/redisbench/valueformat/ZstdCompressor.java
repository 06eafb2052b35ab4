package org.redisbench.valueformat;

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
 * A value keeps only what the reader cannot rebuild, because its last few bytes decide which allocation
 * size class Redis uses. Frames carry their content size (so the reader can refuse a large one before
 * allocating) but no magic number, checksum or 4-byte dictionary id: the value's tag already says zstd,
 * the codec and md5 check the content, and a 2-byte dictionary fingerprint in front of the frame refuses
 * a value compressed with another dictionary. Nor does a value keep the frame's 3-byte block header: a
 * value is far below zstd's 128 KiB block, so its frame is one last block whose size is what remains of
 * the value (or, run-length encoded, the content size); the block's type rides in the two bits of the
 * frame header descriptor that the format requires to be zero.
 */
class ZstdCompressor implements Compressor {

	/** Measured on persons: with the dictionary, lower (or negative) and higher levels both make them larger. */
	static final int LEVEL = 3;

	/** Frame header descriptor: one segment, so no window byte; no checksum, no dictionary id. */
	private static final int SINGLE_SEGMENT = 0x20;

	/** The descriptor bits that must read {@link #SINGLE_SEGMENT} in every frame this class writes. */
	private static final int FIXED_BITS = 0x27;

	/** The descriptor's unused and reserved bits, zero in a zstd frame, which carry the block type here. */
	private static final int BLOCK_TYPE_SHIFT = 3;

	private static final int BLOCK_TYPE_BITS = 0x03 << BLOCK_TYPE_SHIFT;

	private static final int RLE_BLOCK = 1;

	/** Type 3 is reserved by the format. */
	private static final int LAST_BLOCK_TYPE = 2;

	private static final int BLOCK_HEADER_LENGTH = 3;

	private static final int MAX_BLOCK_LENGTH = 128 * 1024;

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

	/** The frame header's length: the descriptor, then the content size in 1, 2, 4 or 8 bytes. */
	private static int frameHeaderLength(int descriptor) {
		int flag = descriptor >>> 6;
		return 1 + (flag == 0 ? 1 : 1 << flag);
	}

	@Override
	public byte[] compress(byte[] raw) {
		byte[] frame = this.compressors.get().compress(raw);
		int descriptor = frame[0] & 0xFF;
		int headerLength = frameHeaderLength(descriptor);
		int bodyLength = frame.length - headerLength - BLOCK_HEADER_LENGTH;
		int blockHeader = (descriptor & (FIXED_BITS | BLOCK_TYPE_BITS)) != SINGLE_SEGMENT ? 0
				: (frame[headerLength] & 0xFF) | (frame[headerLength + 1] & 0xFF) << 8
						| (frame[headerLength + 2] & 0xFF) << 16;
		int type = (blockHeader >>> 1) & 0x03;
		boolean oneBlock = (blockHeader & 1) == 1
				&& (type == RLE_BLOCK ? bodyLength == 1 : blockHeader >>> 3 == bodyLength);
		if (!oneBlock) {
			throw new IllegalArgumentException("zstd wrote " + raw.length
					+ " bytes as more than one block or segment; values this large are not supported");
		}
		int at = this.fingerprint.length;
		byte[] value = new byte[at + headerLength + bodyLength];
		System.arraycopy(this.fingerprint, 0, value, 0, at);
		value[at] = (byte) (descriptor | type << BLOCK_TYPE_SHIFT);
		System.arraycopy(frame, 1, value, at + 1, headerLength - 1);
		System.arraycopy(frame, headerLength + BLOCK_HEADER_LENGTH, value, at + headerLength, bodyLength);
		return value;
	}

	@Override
	public byte[] decompress(byte[] compressed, int maxLength) {
		int at = this.fingerprint.length;
		if (at > 0 && (compressed.length < at || compressed[0] != this.fingerprint[0]
				|| compressed[1] != this.fingerprint[1])) {
			throw new IllegalArgumentException("compressed with another dictionary");
		}
		if (compressed.length == at) {
			throw new IllegalArgumentException("zstd frame is empty");
		}
		int stored = compressed[at] & 0xFF;
		int type = (stored & BLOCK_TYPE_BITS) >>> BLOCK_TYPE_SHIFT;
		if ((stored & FIXED_BITS) != SINGLE_SEGMENT || type > LAST_BLOCK_TYPE) {
			throw new IllegalArgumentException("not a zstd frame of this compressor");
		}
		int headerLength = frameHeaderLength(stored);
		int bodyLength = compressed.length - at - headerLength;
		if (bodyLength < 0) {
			throw new IllegalArgumentException("zstd frame header is cut short");
		}
		// The whole frame zstd reads, rebuilt: no larger than the value, whatever the value claims.
		byte[] frame = new byte[headerLength + BLOCK_HEADER_LENGTH + bodyLength];
		frame[0] = (byte) (stored & ~BLOCK_TYPE_BITS);
		System.arraycopy(compressed, at + 1, frame, 1, headerLength - 1);
		System.arraycopy(compressed, at + headerLength, frame, headerLength + BLOCK_HEADER_LENGTH, bodyLength);
		try {
			long length = Zstd.getFrameContentSize(frame, 0, headerLength, true);
			if (length < 0 || length > maxLength) {
				throw new IllegalArgumentException(length < 0 ? "not a zstd frame with its content size"
						: "zstd frame claims " + length + " bytes, more than " + maxLength);
			}
			long blockLength = type == RLE_BLOCK ? length : bodyLength;
			if (blockLength > MAX_BLOCK_LENGTH || (type == RLE_BLOCK && bodyLength != 1)) {
				throw new IllegalArgumentException("not a zstd block of this compressor");
			}
			int blockHeader = (int) blockLength << 3 | type << 1 | 1;
			frame[headerLength] = (byte) blockHeader;
			frame[headerLength + 1] = (byte) (blockHeader >>> 8);
			frame[headerLength + 2] = (byte) (blockHeader >>> 16);
			byte[] raw = this.decompressors.get().decompress(frame, 0, frame.length, (int) length);
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
