package org.redisbench.kryoapp;

import org.redisbench.codecs.PersonCodec;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** Stores each person as Kryo 5 bytes. */
@SpringBootApplication(scanBasePackages = "org.redisbench")
public class KryoApplication {

	@Bean
	PersonCodec personCodec() {
		return PersonCodec.KRYO;
	}

	public static void main(String[] args) {
		SpringApplication.run(KryoApplication.class, args);
	}

}
