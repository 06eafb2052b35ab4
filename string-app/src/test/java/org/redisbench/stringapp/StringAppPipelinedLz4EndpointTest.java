package org.redisbench.stringapp;

import org.redisbench.test.EndpointContractTest;

import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = { "bench.mode=pipeline", "bench.compression=lz4" })
class StringAppPipelinedLz4EndpointTest extends EndpointContractTest {

}
