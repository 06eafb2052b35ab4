package org.redisbench.stringapp;

import org.redisbench.test.MemcachedEndpointContractTest;

class StringAppMemcachedEndpointTest extends MemcachedEndpointContractTest {

}
