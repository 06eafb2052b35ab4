package org.redisbench.jacksonapp;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.person.Person;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Stores each person as the UTF-8 JSON text of Spring Data Redis's Jackson 3 serializer for a typed value:
 * the codec most Spring applications run.
 */
@SpringBootApplication(scanBasePackages = "org.redisbench")
public class JacksonApplication {

	@Bean
	RedisSerializer<Person> personSerializer() {
		return PersonCodec.JACKSON_JSON.newSerializer();
	}

	public static void main(String[] args) {
		SpringApplication.run(JacksonApplication.class, args);
	}

}
