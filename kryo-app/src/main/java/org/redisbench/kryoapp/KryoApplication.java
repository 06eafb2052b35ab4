package org.redisbench.kryoapp;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.person.Person;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.serializer.RedisSerializer;

/** Stores each person as Kryo 5 bytes. */
@SpringBootApplication(scanBasePackages = "org.redisbench")
public class KryoApplication {

	@Bean
	RedisSerializer<Person> personSerializer() {
		return PersonCodec.KRYO.newSerializer();
	}

	public static void main(String[] args) {
		SpringApplication.run(KryoApplication.class, args);
	}

}
