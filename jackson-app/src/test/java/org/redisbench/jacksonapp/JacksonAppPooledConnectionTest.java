package org.redisbench.jacksonapp;

import org.redisbench.test.PooledConnectionContractTest;

class JacksonAppPooledConnectionTest extends PooledConnectionContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
