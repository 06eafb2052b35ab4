package org.redisbench.jacksonapp;

import org.redisbench.test.UntrustedTextContractTest;

class JacksonAppUntrustedTextTest extends UntrustedTextContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
