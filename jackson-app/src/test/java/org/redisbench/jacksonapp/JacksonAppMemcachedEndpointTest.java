package org.redisbench.jacksonapp;

import org.redisbench.test.MemcachedEndpointContractTest;

class JacksonAppMemcachedEndpointTest extends MemcachedEndpointContractTest {

}
