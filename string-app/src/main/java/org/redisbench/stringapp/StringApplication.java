package org.redisbench.stringapp;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.person.Person;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.serializer.RedisSerializer;

/** Stores each person as its UTF-8 JSON text, readable with {@code redis-cli GET}. */
@SpringBootApplication(scanBasePackages = "org.redisbench")
public class StringApplication {

	@Bean
	RedisSerializer<Person> personSerializer() {
		return PersonCodec.FASTJSON2.newSerializer();
	}

	public static void main(String[] args) {
		SpringApplication.run(StringApplication.class, args);
	}

}
