package org.redisbench.valueformat;

import java.io.ByteArrayOutputStream;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block format, preceded by the uncompressed length as a varint (a block does not record it): fast,
 * modest ratio. Decompression uses the safe decompressor, which checks every offset against the
 * buffers, because stored values are not trusted.
 */
class Lz4Compressor implements Compressor {

	private final LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();

	private final LZ4SafeDecompressor decompressor = LZ4Factory.fastestInstance().safeDecompressor();

	@Override
	public byte[] compress(byte[] raw) {
		byte[] block = this.compressor.compress(raw);
		ByteArrayOutputStream out = new ByteArrayOutputStream(block.length + 3);
		for (int length = raw.length; ; length >>>= 7) {
			if (length < 0x80) {
				out.write(length);
				break;
			}
			out.write((length & 0x7F) | 0x80);
		}
		out.writeBytes(block);
		return out.toByteArray();
	}

	@Override
	public byte[] decompress(byte[] compressed, int maxLength) {
		int length = 0;
		int position = 0;
		for (int shift = 0; ; shift += 7) {
			if (position == compressed.length || shift > 21) {
				throw new IllegalArgumentException("LZ4 length prefix is truncated or malformed");
			}
			byte next = compressed[position++];
			length |= (next & 0x7F) << shift;
			if (next >= 0) {
				break;
			}
		}
		if (length > maxLength) {
			throw new IllegalArgumentException("LZ4 value claims " + length + " bytes, more than " + maxLength);
		}
		byte[] raw = new byte[length];
		try {
			int decompressed = this.decompressor.decompress(compressed, position, compressed.length - position, raw, 0,
					length);
			if (decompressed != length) {
				throw new IllegalArgumentException("LZ4 block holds " + decompressed + " bytes, not the recorded " + length);
			}
			return raw;
		}
		catch (LZ4Exception ex) {
			throw new IllegalArgumentException("not an LZ4 block: " + ex.getMessage(), ex);
		}
	}

}
