package org.redisbench.test;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.testsupport.RedisUnderTest;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The {@link EndpointContract} against one {@code redis-server}. */
public abstract class EndpointContractTest extends EndpointContract {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		redis.addProperties(registry);
	}

	@Override
	protected RedisUnderTest redis() {
		return redis;
	}

}
