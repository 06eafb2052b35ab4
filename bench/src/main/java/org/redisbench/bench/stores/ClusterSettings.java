package org.redisbench.bench.stores;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.redisbench.bench.run.Placement;

/**
 * How {@link OwnCluster} starts and stops its nodes: a bench run's with {@code --cluster N}, or those of
 * {@code redis-bench cluster start} (its CLUSTER_* settings).
 *
 * @param bind the address every node listens on and announces
 * @param firstPort the first port tried; each node also needs port+10000 (its cluster bus)
 * @param nodeTimeout until an unreachable node is marked failed ({@code cluster-node-timeout})
 * @param redisArguments more redis-server arguments for every node
 * @param startTimeout for a node to answer, and for the cluster to be ok
 * @param stopTimeout a node's time between TERM and KILL
 * @param placement redis-server's and redis-cli's command prefixes (its app prefix unused)
 * @param password requirepass and masterauth of every node, through a mode-600 redis.conf only
 */
public record ClusterSettings(String bind, int firstPort, Duration nodeTimeout, List<String> redisArguments,
		Duration startTimeout, Duration stopTimeout, Placement placement, Optional<String> password) {

	public ClusterSettings {
		redisArguments = List.copyOf(redisArguments);
	}

}
