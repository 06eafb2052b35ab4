package org.redisbench.kryoapp;

import org.redisbench.test.HealthContractTest;

class KryoAppHealthTest extends HealthContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
