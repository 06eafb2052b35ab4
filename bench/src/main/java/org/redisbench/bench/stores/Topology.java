package org.redisbench.bench.stores;

import java.util.List;

/**
 * Where a variant's app keeps its persons: the single Redis ({@code single}), a Redis Cluster of N masters
 * ({@code cluster<N>}) or memcached ({@code memcached}), with the nodes that hold data (a cluster's masters) and
 * whether the run started them: only a store the run started is reconfigured, paused, or flushed unasked.
 *
 * @param name single, cluster&lt;N&gt; or memcached, as the variant's folder name and variant.env give it
 * @param nodes the nodes holding data, in the order of the per-node files' {@code .node<K>} tags
 * @param startedHere whether the run started them
 * @param pids their processes' ids when the run started them (the open-loop generator reads their CPU), else empty
 */
public record Topology(String name, List<Node> nodes, boolean startedHere, List<Long> pids) {

	public static final String SINGLE = "single";

	public static final String MEMCACHED = "memcached";

	public Topology {
		nodes = List.copyOf(nodes);
		pids = List.copyOf(pids);
	}

	public boolean isMemcached() {
		return this.name.equals(MEMCACHED);
	}

	public boolean isCluster() {
		return this.name.startsWith("cluster");
	}

	/** The part of a per-node file's name that tells a cluster's masters apart: {@code .node<K>}, K from 1; else none. */
	public String nodeTag(int k) {
		return isCluster() ? ".node" + k : "";
	}

	/** The first node: the single Redis, memcached, or the master redis-benchmark starts from. */
	public Node first() {
		return this.nodes.get(0);
	}

}
