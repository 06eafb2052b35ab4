package org.redisbench.jacksonapp;

import org.redisbench.test.RedisFaultContractTest;

class JacksonAppRedisFaultTest extends RedisFaultContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
