package org.redisbench.jacksonapp;

import org.redisbench.test.EndpointContractTest;

import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = { "bench.mode=pipeline", "bench.compression=zstd-dict" })
class JacksonAppPipelinedZstdDictEndpointTest extends EndpointContractTest {

}
