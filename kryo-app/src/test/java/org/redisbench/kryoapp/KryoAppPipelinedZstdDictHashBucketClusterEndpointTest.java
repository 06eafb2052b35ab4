package org.redisbench.kryoapp;

import org.redisbench.test.ClusterEndpointContractTest;

import org.springframework.test.context.TestPropertySource;

/** The cluster endpoint contract with hash buckets, pipelined and compressed with a dictionary. */
@TestPropertySource(properties = { "bench.layout=hash-bucket", "bench.mode=pipeline", "bench.compression=zstd-dict" })
class KryoAppPipelinedZstdDictHashBucketClusterEndpointTest extends ClusterEndpointContractTest {

}
