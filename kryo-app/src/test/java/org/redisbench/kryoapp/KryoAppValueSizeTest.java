package org.redisbench.kryoapp;

import org.redisbench.test.ValueSizeContractTest;

class KryoAppValueSizeTest extends ValueSizeContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
