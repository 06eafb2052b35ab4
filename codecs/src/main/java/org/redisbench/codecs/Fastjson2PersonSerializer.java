package org.redisbench.codecs;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONReader;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as the UTF-8 JSON text fastjson2 writes for it. Reading never instantiates any class but
 * {@link Person}: a value that names another type with {@code @type} is refused, not followed.
 */
public class Fastjson2PersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		try {
			return JSON.toJSONBytes(person);
		}
		catch (JSONException ex) {
			throw new SerializationException("cannot write person " + person.getId() + " as JSON: " + ex.getMessage(),
					ex);
		}
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		try {
			return JSON.parseObject(bytes, Person.class, JSONReader.Feature.ErrorOnNotSupportAutoType,
					JSONReader.Feature.ErrorOnUnknownProperties);
		}
		catch (RuntimeException ex) {
			// Foreign bytes trip more than JSONException: malformed UTF-8 surfaces as an index out of bounds.
			throw new SerializationException("not the JSON of a person: " + ex.getMessage(), ex);
		}
	}

}
