package org.redisbench.stringapp;

import org.redisbench.test.ExpiryContractTest;

class StringAppExpiryTest extends ExpiryContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
