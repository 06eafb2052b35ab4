package org.redisbench.kryoapp;

import org.redisbench.test.MemcachedEndpointContractTest;

import org.springframework.test.context.TestPropertySource;

/** Pipeline mode's multi-get and a compressed codec, against Memcached. */
@TestPropertySource(properties = { "bench.mode=pipeline", "bench.compression=zstd-dict" })
class KryoAppPipelinedZstdDictMemcachedEndpointTest extends MemcachedEndpointContractTest {

}
