package org.redisbench.codecs;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.JacksonJsonRedisSerializer;

/**
 * A person as the UTF-8 JSON text Jackson 3 writes for it, exactly as Spring Data Redis sets it up for a
 * value of one known type: {@code new JacksonJsonRedisSerializer<>(Person.class)}, which reads and writes
 * with {@code JsonMapper.shared()}, Jackson's defaults. No default typing: a value names no class, and
 * reading only ever builds a {@link Person}. (Polymorphic typing, as {@code GenericJacksonJsonRedisSerializer}
 * enables it, lets a value name the class to build, the known route to running code from a value.)
 * Spring Data Redis turns every failure to read or write into a {@code SerializationException} itself; this
 * class only names the configuration.
 */
public class JacksonJsonPersonSerializer extends JacksonJsonRedisSerializer<Person> {

	public JacksonJsonPersonSerializer() {
		super(Person.class);
	}

}
