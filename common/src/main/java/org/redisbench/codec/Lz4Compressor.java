package org.redisbench.codec;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block format: fast, modest ratio. Decompression uses the safe decompressor, which checks every
 * offset against the buffers, because stored values are not trusted.
 */
class Lz4Compressor implements Compressor {

	private final LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();

	private final LZ4SafeDecompressor decompressor = LZ4Factory.fastestInstance().safeDecompressor();

	@Override
	public byte[] compress(byte[] raw) {
		return this.compressor.compress(raw);
	}

	@Override
	public byte[] decompress(byte[] compressed, int originalLength) {
		byte[] raw = new byte[originalLength];
		try {
			int length = this.decompressor.decompress(compressed, 0, compressed.length, raw, 0, originalLength);
			if (length != originalLength) {
				throw new IllegalArgumentException(
						"LZ4 block holds " + length + " bytes, not the recorded " + originalLength);
			}
			return raw;
		}
		catch (LZ4Exception ex) {
			throw new IllegalArgumentException("not an LZ4 block: " + ex.getMessage(), ex);
		}
	}

}
