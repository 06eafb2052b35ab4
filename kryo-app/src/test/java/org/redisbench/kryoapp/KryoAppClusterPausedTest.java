package org.redisbench.kryoapp;

import org.redisbench.test.ClusterPausedContractTest;

class KryoAppClusterPausedTest extends ClusterPausedContractTest {

	@Override
	protected Class<?> application() {
		return KryoApplication.class;
	}

}
