package org.redisbench.stringapp;

import org.redisbench.codecs.PersonCodec;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** Stores each person as its UTF-8 JSON text, readable with {@code redis-cli GET}. */
@SpringBootApplication(scanBasePackages = "org.redisbench")
public class StringApplication {

	@Bean
	PersonCodec personCodec() {
		return PersonCodec.FASTJSON2;
	}

	public static void main(String[] args) {
		SpringApplication.run(StringApplication.class, args);
	}

}
