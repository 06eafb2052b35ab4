package org.redisbench.kryoapp;

import org.redisbench.test.EndpointContractTest;

class KryoAppEndpointTest extends EndpointContractTest {

}
