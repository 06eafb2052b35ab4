package org.redisbench.tooloutput;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Memcached's {@code stats} and {@code stats slabs} at one moment, as the report reads a Redis's {@code INFO}.
 * <p>
 * Its data memory is what the items take in their slab chunks (each class's {@code chunk_size} times its
 * {@code used_chunks}: item header, key, value and CAS, rounded up to the chunk) plus the hash table
 * ({@code hash_bytes}), the counterpart of Redis's main dictionary. {@code used_memory} is what it allocated:
 * its slab pages ({@code total_malloced}, in 1 MiB pages per class) and the hash table. Traffic is
 * {@code bytes_read} and {@code bytes_written}; the key count is {@code curr_items}. Memcached reports no RSS nor
 * fragmentation ratio.
 */
public final class MemcachedStats implements StoreStats {

	private final Map<String, Long> stats;

	private final Long chunkBytes;

	private MemcachedStats(Map<String, Long> stats, Long chunkBytes) {
		this.stats = Collections.unmodifiableMap(stats);
		this.chunkBytes = chunkBytes;
	}

	/** From the replies as memcached sends them: {@code STAT name value} lines, then {@code END}. */
	public static MemcachedStats parse(String stats, String slabs) {
		Map<String, Long> general = figures(stats);
		Map<String, Long> perClass = figures(slabs);
		Map<String, Long> sizes = new HashMap<>();
		Map<String, Long> used = new HashMap<>();
		perClass.forEach((name, value) -> {
			int colon = name.indexOf(':');
			if (colon > 0 && name.endsWith(":chunk_size")) {
				sizes.put(name.substring(0, colon), value);
			}
			else if (colon > 0 && name.endsWith(":used_chunks")) {
				used.put(name.substring(0, colon), value);
			}
		});
		Long chunkBytes = null;
		if (!perClass.isEmpty()) {
			long total = 0;
			for (Map.Entry<String, Long> slabClass : used.entrySet()) {
				Long size = sizes.get(slabClass.getKey());
				if (size == null) {
					throw new IllegalArgumentException("stats slabs gives used_chunks but no chunk_size for class "
							+ slabClass.getKey());
				}
				total += size * slabClass.getValue();
			}
			chunkBytes = total;
		}
		Long malloced = perClass.get("total_malloced");
		if (malloced != null) {
			general.put("total_malloced", malloced);
		}
		return new MemcachedStats(general, chunkBytes);
	}

	private static Map<String, Long> figures(String reply) {
		Map<String, Long> figures = new HashMap<>();
		for (String line : reply.split("\\r?\\n")) {
			String[] fields = line.strip().split("\\s+");
			if (fields.length == 3 && fields[0].equals("STAT") && fields[2].matches("\\d+")) {
				figures.put(fields[1], Long.valueOf(fields[2]));
			}
		}
		return figures;
	}

	/** The number of items it holds: what DBSIZE is for Redis. */
	public Long items() {
		return this.stats.get("curr_items");
	}

	@Override
	public Long longValue(String name) {
		return switch (name) {
			case "used_memory" -> sum(this.stats.get("total_malloced"), this.stats.get("hash_bytes"));
			case "used_memory_dataset" -> dataMemory();
			case "total_net_input_bytes" -> this.stats.get("bytes_read");
			case "total_net_output_bytes" -> this.stats.get("bytes_written");
			case "evicted_keys" -> this.stats.get("evictions");
			default -> null;
		};
	}

	@Override
	public Double doubleValue(String name) {
		Long value = longValue(name);
		return value == null ? null : value.doubleValue();
	}

	@Override
	public Long dataMemory() {
		return sum(this.chunkBytes, this.stats.get("hash_bytes"));
	}

	@Override
	public boolean isEmpty() {
		return this.stats.isEmpty() || this.chunkBytes == null;
	}

	private static Long sum(Long a, Long b) {
		return a == null || b == null ? null : a + b;
	}

}
