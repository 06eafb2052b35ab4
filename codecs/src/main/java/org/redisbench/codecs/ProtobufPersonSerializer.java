package org.redisbench.codecs;

import java.util.function.Consumer;

import com.google.protobuf.InvalidProtocolBufferException;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as the protobuf message {@code PersonMessage} ({@code src/main/proto/person.proto}), mapped field
 * for field. A null string is left out of the value and read back as null. Reading refuses unknown fields:
 * protobuf would keep them, but a value we did not write is not a person.
 */
public class ProtobufPersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		PersonMessage.Builder message = PersonMessage.newBuilder().setId(person.getId()).setAge(person.getAge());
		setIfPresent(person.getName(), message::setName);
		setIfPresent(person.getAddress(), message::setAddress);
		setIfPresent(person.getPhone(), message::setPhone);
		setIfPresent(person.getSex(), message::setSex);
		setIfPresent(person.getMd5(), message::setMd5);
		return message.build().toByteArray();
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		PersonMessage message;
		try {
			message = PersonMessage.parseFrom(bytes);
		}
		catch (InvalidProtocolBufferException | RuntimeException ex) {
			throw new SerializationException("not the protobuf of a person: " + ex.getMessage(), ex);
		}
		if (!message.getUnknownFields().asMap().isEmpty()) {
			throw new SerializationException(
					"not the protobuf of a person: unknown fields " + message.getUnknownFields().asMap().keySet());
		}
		Person person = new Person();
		person.setId(message.getId());
		person.setName(message.hasName() ? message.getName() : null);
		person.setAddress(message.hasAddress() ? message.getAddress() : null);
		person.setPhone(message.hasPhone() ? message.getPhone() : null);
		person.setSex(message.hasSex() ? message.getSex() : null);
		person.setAge(message.getAge());
		person.setMd5(message.hasMd5() ? message.getMd5() : null);
		return person;
	}

	private static void setIfPresent(String value, Consumer<String> setter) {
		if (value != null) {
			setter.accept(value);
		}
	}

}
