package org.redisbench.jacksonapp;

import org.redisbench.test.ClusterPausedContractTest;

class JacksonAppClusterPausedTest extends ClusterPausedContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

}
