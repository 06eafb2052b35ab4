package org.redisbench.jacksonapp;

import org.redisbench.codecs.PersonCodec;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * Stores each person as the UTF-8 JSON text of Spring Data Redis's Jackson 3 serializer for a typed value:
 * the codec most Spring applications run.
 */
@SpringBootApplication(scanBasePackages = "org.redisbench")
public class JacksonApplication {

	@Bean
	PersonCodec personCodec() {
		return PersonCodec.JACKSON_JSON;
	}

	public static void main(String[] args) {
		SpringApplication.run(JacksonApplication.class, args);
	}

}
