package org.redisbench.jacksonapp;

import org.redisbench.test.ValueSizeContractTest;

class JacksonAppValueSizeTest extends ValueSizeContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
