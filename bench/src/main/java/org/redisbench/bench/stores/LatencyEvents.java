package org.redisbench.bench.stores;

import java.util.List;
import java.util.Map;

import org.redisbench.tooloutput.RedisLatency;

/**
 * What Redis's latency monitor logged while a {@link Stores.LatencyWatch} was on.
 *
 * @param maxMs each event's most ms ({@code LATENCY LATEST}), the largest over a cluster's nodes
 * @param spikes each event's spikes ({@code LATENCY HISTORY}), a second each, every node's
 */
public record LatencyEvents(Map<String, Long> maxMs, List<RedisLatency.Spike> spikes) {

	public LatencyEvents {
		maxMs = Map.copyOf(maxMs);
		spikes = List.copyOf(spikes);
	}

}
