package org.redisbench.jacksonapp;

import org.redisbench.test.RedisAccessContractTest;

class JacksonAppRedisAccessTest extends RedisAccessContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
