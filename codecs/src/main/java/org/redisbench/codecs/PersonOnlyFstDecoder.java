package org.redisbench.codecs;

import java.io.IOException;

import org.nustaq.serialization.FSTClazzInfo;
import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTObjectOutput;
import org.nustaq.serialization.coders.FSTStreamDecoder;
import org.redisbench.person.Person;

/**
 * FST's stream decoder narrowed to the one shape a person's value has: the object tag and the registered id
 * of {@link Person}, its primitives, then each string field as a string or null tag. FST itself would follow
 * a class name in a value ({@code Class.forName}, and for a name ending in {@code _Struct} generate a proxy
 * class) before its {@code ClassSecurityVerifier} is asked, would read any of its ~20 object tags into any
 * field, would read {@code Person[]} (registered with it) sized by a forged length, and allocates a string's
 * buffer from the length written before it; here a class name, any class id but Person's, any other tag and
 * a length beyond the value's end are refused before anything is loaded or allocated.
 */
class PersonOnlyFstDecoder extends FSTStreamDecoder {

	/** FST registers {@code Person[]} beside {@code Person}, under the next id: a forged length would size it. */
	private final int personId;

	private int limit;

	PersonOnlyFstDecoder(FSTConfiguration configuration) {
		super(configuration);
		this.personId = configuration.getClassRegistry().getIdFromClazz(Person.class);
	}

	@Override
	public void resetWith(byte[] bytes, int length) {
		super.resetWith(bytes, length);
		this.limit = length;
	}

	@Override
	public byte readObjectHeaderTag() throws IOException {
		boolean root = getInputPos() == 0;
		byte tag = super.readObjectHeaderTag();
		boolean expected = root ? tag == FSTObjectOutput.OBJECT
				: tag == FSTObjectOutput.STRING || tag == FSTObjectOutput.NULL;
		if (!expected) {
			throw new IOException("object tag " + tag + " at offset " + (getInputPos() - 1) + " is not in a person");
		}
		return tag;
	}

	@Override
	public FSTClazzInfo readClass() throws IOException, ClassNotFoundException {
		int start = getInputPos();
		int id = readFShort();
		if (id != this.personId) {
			throw new IOException("class " + ((id == 0) ? "name" : "id " + id) + " at offset " + start
					+ ": a person's value names no class and holds Person's id " + this.personId);
		}
		moveTo(start);
		return super.readClass();
	}

	@Override
	public String readStringUTF() throws IOException {
		checkStringLength();
		return super.readStringUTF();
	}

	@Override
	public String readStringAsc() throws IOException {
		checkStringLength();
		return super.readStringAsc();
	}

	/** Every character takes at least one byte, so a longer string cannot be in the value. */
	private void checkStringLength() throws IOException {
		int start = getInputPos();
		int length = readFInt();
		int left = this.limit - getInputPos();
		if (length < 0 || length > left) {
			throw new IOException("string length " + length + " at offset " + start + " exceeds the " + left
					+ " bytes left in the value");
		}
		moveTo(start);
	}

}
