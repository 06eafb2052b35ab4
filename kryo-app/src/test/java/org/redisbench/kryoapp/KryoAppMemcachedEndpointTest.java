package org.redisbench.kryoapp;

import org.redisbench.test.MemcachedEndpointContractTest;

class KryoAppMemcachedEndpointTest extends MemcachedEndpointContractTest {

}
