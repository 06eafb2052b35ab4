package org.redisbench.stringapp;

import org.redisbench.test.HealthContractTest;

class StringAppHealthTest extends HealthContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
