package org.redisbench.jacksonapp;

import org.redisbench.test.EndpointContractTest;

class JacksonAppEndpointTest extends EndpointContractTest {

}
