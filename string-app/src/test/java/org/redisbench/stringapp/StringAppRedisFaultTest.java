package org.redisbench.stringapp;

import org.redisbench.test.RedisFaultContractTest;

class StringAppRedisFaultTest extends RedisFaultContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
