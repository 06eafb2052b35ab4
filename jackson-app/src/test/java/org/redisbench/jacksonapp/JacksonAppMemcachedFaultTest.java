package org.redisbench.jacksonapp;

import org.redisbench.test.MemcachedFaultContractTest;

class JacksonAppMemcachedFaultTest extends MemcachedFaultContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
