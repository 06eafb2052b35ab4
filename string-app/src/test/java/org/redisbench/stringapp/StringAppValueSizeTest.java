package org.redisbench.stringapp;

import org.redisbench.test.ValueSizeContractTest;

class StringAppValueSizeTest extends ValueSizeContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
