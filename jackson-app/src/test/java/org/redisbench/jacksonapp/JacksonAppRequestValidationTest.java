package org.redisbench.jacksonapp;

import org.redisbench.test.RequestValidationContractTest;

class JacksonAppRequestValidationTest extends RequestValidationContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
