package org.redisbench.valueformat;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * LZ4 in its standard frame ({@link Frame#STANDARD}), which {@code lz4 -d} reads after the value's tag: independent
 * blocks of at most 4 MiB (one, for any value below that), the content size, no checksums. Built by hand rather than with lz4-java's frame streams, which allocate a whole block's
 * buffers for each value. Reading takes any frame of independent blocks (or of one block) without a dictionary:
 * into one array of its content size when it says it (refused past the caller's bound before anything is allocated),
 * else grown a block at a time within that bound.
 */
class StandardLz4Compressor implements Compressor {

	private static final int MAGIC = 0x184D2204;

	/**
	 * Version 01, independent blocks, the content size (so that the reader allocates once, and refuses a large value
	 * before inflating it); no block checksum, content checksum or dictionary id.
	 */
	private static final int FLAGS = 0x68;

	private static final int VERSION_MASK = 0xC0;

	private static final int VERSION = 0x40;

	private static final int INDEPENDENT_BLOCKS = 0x20;

	private static final int BLOCK_CHECKSUM = 0x10;

	private static final int CONTENT_SIZE = 0x08;

	private static final int CONTENT_CHECKSUM = 0x04;

	private static final int DICTIONARY_ID = 0x01;

	/** Block maximum 4 MiB (code 7 in bits 6-4). */
	private static final int BLOCK_DESCRIPTOR = 0x70;

	private static final int MAX_BLOCK = 4 * 1024 * 1024;

	/** A block's size word with this bit set holds its bytes uncompressed. */
	private static final int UNCOMPRESSED = 0x80000000;

	private final LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();

	private final LZ4SafeDecompressor decompressor = LZ4Factory.fastestInstance().safeDecompressor();

	private final XXHash32 hash = XXHashFactory.fastestInstance().hash32();

	@Override
	public byte[] compress(byte[] raw) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length + 16);
		writeInt(out, MAGIC);
		byte[] descriptor = new byte[10];
		descriptor[0] = (byte) FLAGS;
		descriptor[1] = (byte) BLOCK_DESCRIPTOR;
		for (int i = 0; i < 4; i++) {
			descriptor[2 + i] = (byte) (raw.length >>> (8 * i));
		}
		out.writeBytes(descriptor);
		out.write(headerChecksum(descriptor, 0, descriptor.length));
		for (int from = 0; from < raw.length; from += MAX_BLOCK) {
			int length = Math.min(MAX_BLOCK, raw.length - from);
			byte[] block = new byte[this.compressor.maxCompressedLength(length)];
			int compressed = this.compressor.compress(raw, from, length, block, 0, block.length);
			if (compressed < length) {
				writeInt(out, compressed);
				out.write(block, 0, compressed);
			}
			else {
				writeInt(out, length | UNCOMPRESSED);
				out.write(raw, from, length);
			}
		}
		writeInt(out, 0);
		return out.toByteArray();
	}

	@Override
	public byte[] decompress(byte[] compressed, int maxLength) {
		if (compressed.length < 7 || readInt(compressed, 0) != MAGIC) {
			throw new IllegalArgumentException("not an LZ4 frame");
		}
		int flags = compressed[4] & 0xFF;
		if ((flags & VERSION_MASK) != VERSION || (flags & DICTIONARY_ID) != 0) {
			throw new IllegalArgumentException("not an LZ4 frame of version 01 without a dictionary");
		}
		boolean sized = (flags & CONTENT_SIZE) != 0;
		int descriptorLength = 2 + (sized ? 8 : 0);
		int at = 4 + descriptorLength;
		if (compressed.length <= at || (compressed[at] & 0xFF) != headerChecksum(compressed, 4, descriptorLength)) {
			throw new IllegalArgumentException("LZ4 frame header is cut short or its checksum is wrong");
		}
		long declared = sized ? readInt(compressed, 6) & 0xFFFFFFFFL | (long) readInt(compressed, 10) << 32 : -1;
		if (declared > maxLength) {
			throw new IllegalArgumentException("LZ4 frame claims " + declared + " bytes, more than " + maxLength);
		}
		Inflated raw = sized ? new Inflated((int) declared, (int) declared, false) : new Inflated(0, maxLength, true);
		at++;
		int blockChecksum = (flags & BLOCK_CHECKSUM) != 0 ? 4 : 0;
		for (int blocks = 1; ; blocks++) {
			if (at + 4 > compressed.length) {
				throw new IllegalArgumentException("LZ4 frame ends before its end mark");
			}
			int word = readInt(compressed, at);
			at += 4;
			if (word == 0) {
				break;
			}
			int length = word & ~UNCOMPRESSED;
			if (length > compressed.length - at - blockChecksum) {
				throw new IllegalArgumentException("LZ4 block is cut short");
			}
			if (blocks > 1 && (flags & INDEPENDENT_BLOCKS) == 0) {
				throw new IllegalArgumentException("LZ4 frame of linked blocks: only independent blocks are read");
			}
			raw.block(compressed, at, length, (word & UNCOMPRESSED) != 0);
			at += length + blockChecksum;
		}
		return raw.bytes(declared);
	}

	/** The frame's content as its blocks are inflated: allocated once when the frame says its size. */
	private final class Inflated {

		/** LZ4 cannot compress more than about 255 to 1: what a block of unknown size is given room for. */
		private static final int MAX_RATIO = 256;

		private final int maxLength;

		/** Whether the frame did not say its size, so that the array grows with each block. */
		private final boolean grows;

		private byte[] bytes;

		private int filled;

		Inflated(int initial, int maxLength, boolean grows) {
			this.bytes = new byte[initial];
			this.maxLength = maxLength;
			this.grows = grows;
		}

		void block(byte[] compressed, int at, int length, boolean stored) {
			int room = Math.min(MAX_BLOCK, this.maxLength - this.filled);
			if (stored && length > room) {
				throw new IllegalArgumentException("LZ4 frame holds more than " + this.maxLength + " bytes");
			}
			int needed = stored ? length : this.grows ? (int) Math.min(room, (long) length * MAX_RATIO) : room;
			if (this.bytes.length - this.filled < needed) {
				this.bytes = Arrays.copyOf(this.bytes, this.filled + needed);
			}
			if (stored) {
				System.arraycopy(compressed, at, this.bytes, this.filled, length);
				this.filled += length;
				return;
			}
			try {
				this.filled += StandardLz4Compressor.this.decompressor.decompress(compressed, at, length, this.bytes,
						this.filled, needed);
			}
			catch (LZ4Exception ex) {
				throw new IllegalArgumentException("not an LZ4 block, or one larger than its frame says: " + ex.getMessage(),
						ex);
			}
		}

		/** @param declared the content size the frame says, or -1 */
		byte[] bytes(long declared) {
			if (declared >= 0 && this.filled != declared) {
				throw new IllegalArgumentException("LZ4 frame holds " + this.filled + " bytes, not the recorded " + declared);
			}
			return (this.filled == this.bytes.length) ? this.bytes : Arrays.copyOf(this.bytes, this.filled);
		}

	}

	/** The frame descriptor's checksum: the second byte of its xxHash32. */
	private int headerChecksum(byte[] bytes, int from, int length) {
		return (this.hash.hash(bytes, from, length, 0) >>> 8) & 0xFF;
	}

	private static void writeInt(ByteArrayOutputStream out, int value) {
		out.write(value);
		out.write(value >>> 8);
		out.write(value >>> 16);
		out.write(value >>> 24);
	}

	private static int readInt(byte[] bytes, int at) {
		return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16 | (bytes[at + 3] & 0xFF) << 24;
	}

}
