package org.redisbench.stringapp;

import org.redisbench.test.RedisAccessContractTest;

class StringAppRedisAccessTest extends RedisAccessContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
