package org.redisbench.codecs;

import org.redisbench.person.Person;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.dataformat.smile.SmileMapper;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as Smile, Jackson 3's binary JSON: the same object with its field names, in a binary encoding
 * (Smile's defaults: the 4-byte header, repeated names referenced back). Read as {@link Person} only, with no
 * default typing, so a value cannot name a class; unknown fields and trailing tokens are refused (Jackson 3
 * ignores unknown fields by default).
 */
public class SmilePersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	private static final SmileMapper mapper = SmileMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
				DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	private final ObjectWriter writer = mapper.writerFor(Person.class);

	private final ObjectReader reader = mapper.readerFor(Person.class);

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		try {
			return this.writer.writeValueAsBytes(person);
		}
		catch (JacksonException ex) {
			throw new SerializationException("cannot write person " + person.getId() + " as Smile: " + ex.getMessage(),
					ex);
		}
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Person person;
		try {
			person = this.reader.readValue(bytes);
		}
		catch (RuntimeException ex) {
			// Beside JacksonException, foreign bytes can trip a parser's internal assumptions.
			throw new SerializationException("not the Smile of a person: " + ex.getMessage(), ex);
		}
		if (person == null) {
			throw new SerializationException("not the Smile of a person: a null");
		}
		return person;
	}

}
