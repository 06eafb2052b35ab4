package org.redisbench.jacksonapp;

import org.redisbench.test.ClusterEndpointContractTest;

import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = "bench.mode=pipeline")
class JacksonAppPipelinedClusterEndpointTest extends ClusterEndpointContractTest {

}
