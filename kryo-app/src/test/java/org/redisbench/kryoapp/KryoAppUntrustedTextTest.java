package org.redisbench.kryoapp;

import org.redisbench.test.UntrustedTextContractTest;

class KryoAppUntrustedTextTest extends UntrustedTextContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
