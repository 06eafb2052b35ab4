package org.redisbench.jacksonapp;

import org.redisbench.test.HealthContractTest;

class JacksonAppHealthTest extends HealthContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
