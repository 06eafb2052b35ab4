package org.redisbench.stringapp;

import org.redisbench.test.ClusterPausedContractTest;

class StringAppClusterPausedTest extends ClusterPausedContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
