package org.redisbench.stringapp;

import org.redisbench.test.EndpointContractTest;

class StringAppEndpointTest extends EndpointContractTest {

}
