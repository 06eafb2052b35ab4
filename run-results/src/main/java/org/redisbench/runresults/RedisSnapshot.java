package org.redisbench.runresults;

import java.util.List;
import java.util.function.Function;

import org.redisbench.tooloutput.StoreStats;

/**
 * INFO and DBSIZE of every server holding the data, and the persons it holds, at one moment: one server for a single
 * Redis or Memcached, every master of a cluster. Figures are summed over the servers, since the data is split
 * between them.
 */
public final class RedisSnapshot {

	/**
	 * One server: its name as the report shows it, its INFO or stats, its key count and the persons it holds (each
	 * {@code null} if unread).
	 */
	public record Node(String name, StoreStats info, Long dbsize, Long persons) {

		/** A server that keeps a key per person: its keys are its persons. */
		public Node(String name, StoreStats info, Long dbsize) {
			this(name, info, dbsize, dbsize);
		}

	}

	private final List<Node> nodes;

	public RedisSnapshot(List<Node> nodes) {
		this.nodes = List.copyOf(nodes);
	}

	public List<Node> nodes() {
		return this.nodes;
	}

	/** Whether some server's INFO is missing, which leaves every sum unknown. */
	public boolean isEmpty() {
		return this.nodes.isEmpty() || this.nodes.stream().anyMatch(node -> node.info().isEmpty());
	}

	public Long sum(String field) {
		return sum(node -> node.info().longValue(field));
	}

	public Long dataMemory() {
		return sum(node -> node.info().dataMemory());
	}

	public Long dbsize() {
		return sum(Node::dbsize);
	}

	/** How much an INFO counter or figure grew from {@code before} to this moment; {@code null} if either lacks it. */
	public Long growthSince(RedisSnapshot before, String field) {
		return difference(before.sum(field), sum(field));
	}

	public Long dataMemoryGrowthSince(RedisSnapshot before) {
		return difference(before.dataMemory(), dataMemory());
	}

	/** The persons the servers gained from {@code before} to this moment: what a phase wrote. */
	public Long personsAddedSince(RedisSnapshot before) {
		return difference(before.sum(Node::persons), sum(Node::persons));
	}

	/**
	 * A single server's own ratio, which Redis samples from the allocator; over several servers the one
	 * ratio that means the same: their summed RSS over their summed allocations.
	 */
	public Double fragmentationRatio() {
		if (this.nodes.size() == 1) {
			return this.nodes.get(0).info().doubleValue("mem_fragmentation_ratio");
		}
		Long rss = sum("used_memory_rss");
		Long used = sum("used_memory");
		return rss == null || used == null || used == 0 ? null : (double) rss / used;
	}

	private static Long difference(Long from, Long to) {
		return from == null || to == null ? null : to - from;
	}

	/** {@code null} when any server lacks the figure: a partial sum would pass for the whole. */
	private Long sum(Function<Node, Long> figure) {
		if (this.nodes.isEmpty()) {
			return null;
		}
		long total = 0;
		for (Node node : this.nodes) {
			Long value = figure.apply(node);
			if (value == null) {
				return null;
			}
			total += value;
		}
		return total;
	}

}
