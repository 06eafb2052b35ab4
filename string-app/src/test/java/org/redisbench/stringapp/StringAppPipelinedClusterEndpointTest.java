package org.redisbench.stringapp;

import org.redisbench.test.ClusterEndpointContractTest;

import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = "bench.mode=pipeline")
class StringAppPipelinedClusterEndpointTest extends ClusterEndpointContractTest {

}
