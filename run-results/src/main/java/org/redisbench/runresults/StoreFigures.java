package org.redisbench.runresults;

import java.util.List;

import org.redisbench.tooloutput.MemcachedStats;

/**
 * What the store (Redis, or memcached in Redis's terms, see {@link MemcachedStats}) held after a phase and what the
 * phase stored and carried, summed over the masters of a cluster; {@code nodes} keeps each master's share (empty on
 * a single server). A figure the phase does not give, or that could not be read, is {@code null}: an ab phase gives
 * the traffic, the keys evicted and Redis's forks (RDB snapshots, AOF rewrites) during it, one through the codec
 * also the memory after it, /add also the persons it wrote (keys, or in hash buckets the fields: {@code dbsize}
 * counts buckets there), the bytes per person, value size and persons it wrote that the store no longer holds; a
 * redis-benchmark test gives only the value size it ran at.
 */
public record StoreFigures(Long usedMemoryBytes, Long usedMemoryDatasetBytes, Long usedMemoryRssBytes,
		Double memFragmentationRatio, Long dbsize, Double bytesPerPerson, Double valueBytes,
		Double netInBytesPerRequest, Double netOutBytesPerRequest, List<Node> nodes, Long evictedKeys, Long forks,
		Long missingPersons, Long personsWritten) {

	/** One cluster master after the phase. */
	public record Node(String name, Long dbsize, Long usedMemoryBytes) {
	}

	/** A phase that never reached Redis through the app or redis-benchmark: a skipped phase. */
	public static final StoreFigures NONE = builder().build();

	public StoreFigures {
		nodes = List.copyOf(nodes);
	}

	public static Builder builder() {
		return new Builder();
	}

	/** Starts with nothing measured; each step adds the figures one source gave. */
	public static final class Builder {

		private Long usedMemoryBytes;

		private Long usedMemoryDatasetBytes;

		private Long usedMemoryRssBytes;

		private Double memFragmentationRatio;

		private Long dbsize;

		private Double bytesPerPerson;

		private Double valueBytes;

		private Double netInBytesPerRequest;

		private Double netOutBytesPerRequest;

		private List<Node> nodes = List.of();

		private Long evictedKeys;

		private Long forks;

		private Long missingPersons;

		private Long personsWritten;

		private Builder() {
		}

		/** Memory and keys after the phase; with {@code perMaster}, each master's share too. */
		public Builder memoryAfter(RedisSnapshot after, boolean perMaster) {
			this.usedMemoryBytes = after.sum("used_memory");
			this.usedMemoryDatasetBytes = after.sum("used_memory_dataset");
			this.usedMemoryRssBytes = after.sum("used_memory_rss");
			this.memFragmentationRatio = after.fragmentationRatio();
			this.dbsize = after.dbsize();
			this.nodes = !perMaster ? List.of()
					: after.nodes()
						.stream()
						.map(node -> new Node(node.name(), node.dbsize(), node.info().longValue("used_memory")))
						.toList();
			return this;
		}

		public Builder bytesPerPerson(Double bytes) {
			this.bytesPerPerson = bytes;
			return this;
		}

		public Builder valueBytes(Double bytes) {
			this.valueBytes = bytes;
			return this;
		}

		/** What the phase evicted and forked, whatever the settings: on a default Redis both are 0. */
		public Builder housekeeping(Long evicted, Long forked) {
			this.evictedKeys = evicted;
			this.forks = forked;
			return this;
		}

		/** Of the persons /add wrote, how many the store does not hold after it. */
		public Builder missingPersons(Long missing) {
			this.missingPersons = missing;
			return this;
		}

		/** The persons the store gained during /add. */
		public Builder personsWritten(Long written) {
			this.personsWritten = written;
			return this;
		}

		public Builder traffic(Double inBytesPerRequest, Double outBytesPerRequest) {
			this.netInBytesPerRequest = inBytesPerRequest;
			this.netOutBytesPerRequest = outBytesPerRequest;
			return this;
		}

		public StoreFigures build() {
			return new StoreFigures(this.usedMemoryBytes, this.usedMemoryDatasetBytes, this.usedMemoryRssBytes,
					this.memFragmentationRatio, this.dbsize, this.bytesPerPerson, this.valueBytes,
					this.netInBytesPerRequest, this.netOutBytesPerRequest, this.nodes, this.evictedKeys, this.forks,
					this.missingPersons, this.personsWritten);
		}

	}

}
