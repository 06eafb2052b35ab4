package org.redisbench.fill;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;

/**
 * What the nodes written to hold: each node's {@code INFO memory} figures and key count, for a reader, and one line
 * of them over all the nodes for scripts, the bytes summed and the fragmentation ratio, a ratio, their mean.
 */
final class MemoryReport {

	/** The fields shown, in this order. */
	static final List<String> FIELDS = List.of("used_memory", "used_memory_dataset", "used_memory_overhead",
			"used_memory_rss", "mem_fragmentation_ratio");

	private static final String RATIO = "mem_fragmentation_ratio";

	/** One node's reading: its address, its {@code INFO memory} and its DBSIZE. */
	record Node(String address, String info, long keys) {
	}

	private MemoryReport() {
	}

	static List<Node> read(Target target) {
		List<Node> nodes = new ArrayList<>();
		for (int node = 0; node < target.nodes().size(); node++) {
			try (Jedis jedis = target.connect(node)) {
				nodes.add(new Node(target.nodes().get(node).toString(), jedis.info("memory"), jedis.dbSize()));
			}
		}
		return nodes;
	}

	/**
	 * Each node's fields as INFO writes them (under its address when there are several), the keys of all, and
	 * {@code memory nodes=N used_memory=B ... mem_fragmentation_ratio=R keys=K}.
	 */
	static List<String> lines(List<Node> nodes) {
		if (nodes.isEmpty()) {
			throw new IllegalArgumentException("a memory report needs a node");
		}
		List<String> lines = new ArrayList<>();
		long keys = 0;
		for (Node node : nodes) {
			if (nodes.size() > 1) {
				lines.add("node " + node.address() + ":");
			}
			for (String field : FIELDS) {
				lines.add(field + ":" + RedisInfo.text(node.info(), field));
			}
			keys += node.keys();
		}
		lines.add("keys: " + keys);
		StringBuilder total = new StringBuilder("memory nodes=" + nodes.size());
		for (String field : FIELDS) {
			total.append(' ').append(field).append('=').append(total(nodes, field));
		}
		lines.add(total.append(" keys=").append(keys).toString());
		return lines;
	}

	/** A field over every node: bytes summed, the fragmentation ratio, a ratio, their mean. */
	static String total(List<Node> nodes, String field) {
		if (field.equals(RATIO)) {
			double sum = 0;
			for (Node node : nodes) {
				sum += RedisInfo.decimal(node.info(), field);
			}
			return String.format(Locale.ROOT, "%.2f", sum / nodes.size());
		}
		long sum = 0;
		for (Node node : nodes) {
			sum += RedisInfo.number(node.info(), field);
		}
		return String.valueOf(sum);
	}

}
