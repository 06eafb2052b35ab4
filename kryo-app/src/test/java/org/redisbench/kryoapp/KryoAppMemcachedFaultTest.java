package org.redisbench.kryoapp;

import org.redisbench.test.MemcachedFaultContractTest;

class KryoAppMemcachedFaultTest extends MemcachedFaultContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
