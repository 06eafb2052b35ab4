package org.redisbench.jacksonapp;

import org.redisbench.test.EndpointContractTest;

import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = { "bench.mode=pipeline", "bench.compression=lz4" })
class JacksonAppPipelinedLz4EndpointTest extends EndpointContractTest {

}
