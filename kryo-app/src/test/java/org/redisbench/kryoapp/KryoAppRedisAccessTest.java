package org.redisbench.kryoapp;

import org.redisbench.test.RedisAccessContractTest;

class KryoAppRedisAccessTest extends RedisAccessContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
