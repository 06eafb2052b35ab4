package org.redisbench.kryoapp;

import org.redisbench.test.RequestValidationContractTest;

class KryoAppRequestValidationTest extends RequestValidationContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
