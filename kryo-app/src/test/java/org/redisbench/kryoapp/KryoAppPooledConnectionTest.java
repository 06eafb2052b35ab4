package org.redisbench.kryoapp;

import org.redisbench.test.PooledConnectionContractTest;

class KryoAppPooledConnectionTest extends PooledConnectionContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
