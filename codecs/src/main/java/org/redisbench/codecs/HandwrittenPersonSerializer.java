package org.redisbench.codecs;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.redisbench.person.Person;

/**
 * Writes a person's fields one after the other, with no reflection and no field metadata: what Kryo's
 * documentation advises for a type that is sent often. A string comes first, as with Kryo's
 * {@code FieldSerializer} (fields in alphabetical order, {@code address} first), so a person's value
 * starts with an ASCII character, never with a compression tag; the numbers are varints, small for the
 * ids and ages a person has.
 */
final class HandwrittenPersonSerializer extends Serializer<Person> {

	HandwrittenPersonSerializer() {
		super(false);
	}

	@Override
	public void write(Kryo kryo, Output output, Person person) {
		output.writeString(person.getName());
		output.writeString(person.getAddress());
		output.writeString(person.getPhone());
		output.writeString(person.getSex());
		output.writeString(person.getMd5());
		output.writeVarLong(person.getId(), true);
		output.writeVarInt(person.getAge(), true);
	}

	@Override
	public Person read(Kryo kryo, Input input, Class<? extends Person> type) {
		Person person = new Person();
		person.setName(input.readString());
		person.setAddress(input.readString());
		person.setPhone(input.readString());
		person.setSex(input.readString());
		person.setMd5(input.readString());
		person.setId(input.readVarLong(true));
		person.setAge(input.readVarInt(true));
		return person;
	}

}
