package org.redisbench.kryoapp;

import org.redisbench.test.EndpointContractTest;

import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = { "bench.mode=pipeline", "bench.compression=zstd-dict" })
class KryoAppPipelinedZstdDictEndpointTest extends EndpointContractTest {

}
