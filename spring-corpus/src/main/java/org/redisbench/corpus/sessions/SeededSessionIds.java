package org.redisbench.corpus.sessions;

import java.util.SplittableRandom;

import org.redisbench.corpus.shop.Shop;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.session.SessionIdGenerator;
import org.springframework.stereotype.Component;

/**
 * Session ids in the form Spring Session's default makes them (a random version 4 UUID), drawn from the seed, so
 * that a corpus written again has the same keys. {@code @EnableRedisHttpSession} picks it up as a bean.
 */
@Component
public class SeededSessionIds implements SessionIdGenerator {

	private final SplittableRandom random;

	public SeededSessionIds(@Value("${corpus.seed:1}") long seed) {
		this.random = new SplittableRandom(seed);
	}

	@Override
	public synchronized String generate() {
		return Shop.uuid(this.random);
	}

}
