package org.redisbench.tooloutput;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CLUSTER NODES as Redis 7.0 writes it: bus port after '@', a hostname after ',' when one is set. */
class ClusterNodesTest {

	private static final String HEALTHY = """
			07c3 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460
			67ed 127.0.0.1:30002@40002,node-b master - 0 1700000000000 2 connected 5461-10922
			292f 127.0.0.1:30003@40003 master - 0 1700000000000 3 connected 10923-16383
			6ec2 127.0.0.1:30004@40004 slave 07c3 0 1700000000000 1 connected
			""";

	@Test
	void everyMasterAndNoReplica() {
		assertEquals(List.of(new ClusterNodes.Master("127.0.0.1", 30001), new ClusterNodes.Master("127.0.0.1", 30002),
				new ClusterNodes.Master("127.0.0.1", 30003)), ClusterNodes.masters(HEALTHY));
	}

	@Test
	void aNodeDownStopsTheVisitNamingIt() {
		String replicaDown = HEALTHY.replace("slave 07c3", "slave,fail 07c3");
		assertEquals("cluster node 127.0.0.1:30004 is down (slave,fail)",
				assertThrows(IllegalStateException.class, () -> ClusterNodes.masters(replicaDown)).getMessage());
		String masterUnreachable = HEALTHY.replace("127.0.0.1:30003@40003 master", ":0@0 master,noaddr");
		assertTrue(assertThrows(IllegalStateException.class, () -> ClusterNodes.masters(masterUnreachable)).getMessage()
			.endsWith("is down (master,noaddr)"));
	}

}
