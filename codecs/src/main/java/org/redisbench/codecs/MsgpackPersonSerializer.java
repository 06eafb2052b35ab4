package org.redisbench.codecs;

import java.io.IOException;
import java.nio.charset.CodingErrorAction;

import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as a MessagePack array of its seven fields in declaration order (id, name, address, phone, sex,
 * age, md5), nil for a null string, written and read by hand with msgpack-core: no field names and no
 * reflection, as Kryo's value has none. Reading takes exactly that shape and refuses anything else.
 */
public class MsgpackPersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	private static final int FIELDS = 7;

	/** A person is ~80 bytes; a string header claiming more than a value could hold is refused unread. */
	private static final int MAX_STRING_BYTES = 64 * 1024;

	private static final MessagePack.UnpackerConfig strict = new MessagePack.UnpackerConfig()
		.withStringSizeLimit(MAX_STRING_BYTES)
		.withActionOnMalformedString(CodingErrorAction.REPORT)
		.withActionOnUnmappableString(CodingErrorAction.REPORT);

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		try (MessageBufferPacker packer = MessagePack.newDefaultBufferPacker()) {
			packer.packArrayHeader(FIELDS).packLong(person.getId());
			packNullable(packer, person.getName());
			packNullable(packer, person.getAddress());
			packNullable(packer, person.getPhone());
			packNullable(packer, person.getSex());
			packer.packInt(person.getAge());
			packNullable(packer, person.getMd5());
			return packer.toByteArray();
		}
		catch (IOException ex) {
			throw new SerializationException("cannot write person " + person.getId() + " as MessagePack", ex);
		}
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		try (MessageUnpacker unpacker = strict.newUnpacker(bytes)) {
			int fields = unpacker.unpackArrayHeader();
			if (fields != FIELDS) {
				throw new SerializationException("not the MessagePack of a person: an array of " + fields + " values");
			}
			Person person = new Person();
			person.setId(unpacker.unpackLong());
			person.setName(unpackNullable(unpacker));
			person.setAddress(unpackNullable(unpacker));
			person.setPhone(unpackNullable(unpacker));
			person.setSex(unpackNullable(unpacker));
			person.setAge(unpacker.unpackInt());
			person.setMd5(unpackNullable(unpacker));
			if (unpacker.hasNext()) {
				throw new SerializationException("not the MessagePack of a person: "
						+ (bytes.length - unpacker.getTotalReadBytes()) + " trailing bytes");
			}
			return person;
		}
		catch (IOException | RuntimeException ex) {
			// msgpack-core signals a wrong type, an overflow or a cut value with its own runtime exceptions.
			if (ex instanceof SerializationException refused) {
				throw refused;
			}
			throw new SerializationException("not the MessagePack of a person: " + ex.getMessage(), ex);
		}
	}

	private static void packNullable(MessagePacker packer, String value) throws IOException {
		if (value == null) {
			packer.packNil();
		}
		else {
			packer.packString(value);
		}
	}

	private static String unpackNullable(MessageUnpacker unpacker) throws IOException {
		return unpacker.tryUnpackNil() ? null : unpacker.unpackString();
	}

}
