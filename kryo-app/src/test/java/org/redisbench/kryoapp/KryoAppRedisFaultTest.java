package org.redisbench.kryoapp;

import org.redisbench.test.RedisFaultContractTest;

class KryoAppRedisFaultTest extends RedisFaultContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
