package org.redisbench.kryoapp;

import org.redisbench.test.ClusterEndpointContractTest;

class KryoAppClusterEndpointTest extends ClusterEndpointContractTest {

}
