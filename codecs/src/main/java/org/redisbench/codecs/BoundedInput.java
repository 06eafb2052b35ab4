package org.redisbench.codecs;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * Kryo allocates a string's characters from the length written before them, so a forged length near
 * 2^31 in a stored value would cost ~1 GiB or an {@link OutOfMemoryError}. Every character takes at
 * least one byte, so a length beyond the bytes left in the value is refused before anything is
 * allocated.
 */
class BoundedInput extends Input {

	@Override
	public String readString() {
		if (readVarIntFlag()) {
			int start = this.position;
			int charCount = readVarIntFlag(true) - 1;
			int remaining = this.limit - this.position;
			if (charCount > remaining) {
				throw new KryoException(
						"string length " + charCount + " exceeds the " + remaining + " bytes left in the value");
			}
			this.position = start;
		}
		return super.readString();
	}

}
