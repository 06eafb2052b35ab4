package org.redisbench.stringapp;

import org.redisbench.test.IdRangeContractTest;

class StringAppIdRangeTest extends IdRangeContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
