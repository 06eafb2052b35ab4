package org.redisbench.valueformat;

/**
 * One way of shrinking a value. Each records what it needs to undo itself (lengths, dictionary) in the
 * fewest bytes, since for a ~150-byte person a few bytes decide Redis's allocation size class.
 * Implementations are safe to share across threads.
 */
public interface Compressor {

	byte[] compress(byte[] raw);

	/**
	 * @param maxLength the most bytes the caller accepts; a value claiming more is refused before anything
	 * of that size is allocated
	 * @throws IllegalArgumentException when the bytes are not a value of this compressor
	 */
	byte[] decompress(byte[] compressed, int maxLength);

}
