package org.redisbench.stringapp;

import org.redisbench.test.MemcachedFaultContractTest;

class StringAppMemcachedFaultTest extends MemcachedFaultContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
