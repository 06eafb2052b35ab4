package org.redisbench.stringapp;

import org.redisbench.test.UntrustedTextContractTest;

class StringAppUntrustedTextTest extends UntrustedTextContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
