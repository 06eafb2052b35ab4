package org.redisbench.stringapp;

import org.redisbench.test.RequestValidationContractTest;

class StringAppRequestValidationTest extends RequestValidationContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
