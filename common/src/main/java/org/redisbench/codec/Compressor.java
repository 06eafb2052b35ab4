package org.redisbench.codec;

/** One way of shrinking a value. Implementations are safe to share across threads. */
interface Compressor {

	byte[] compress(byte[] raw);

	/**
	 * @param originalLength the length recorded when the value was compressed, already bounded by the caller
	 * @throws IllegalArgumentException when the bytes do not decompress to exactly that length
	 */
	byte[] decompress(byte[] compressed, int originalLength);

}
