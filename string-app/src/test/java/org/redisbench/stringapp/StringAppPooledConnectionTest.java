package org.redisbench.stringapp;

import org.redisbench.test.PooledConnectionContractTest;

class StringAppPooledConnectionTest extends PooledConnectionContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
