package org.redisbench.bench.stores;

import java.nio.file.Path;

import org.redisbench.bench.run.RunContext;
import org.redisbench.model.Layout;

/**
 * The store's figures at one moment, as raw files the report reads: per node {@code PREFIX<tag>.info.txt} and
 * {@code .clients.txt} (INFO and CLIENT LIST in one MULTI), {@code .dbsize.txt}, and around /add in hash buckets
 * {@code .hlen.txt}; for memcached {@code PREFIX.memcached-stats.txt} and {@code -slabs.txt}. Also the wait for
 * evictions to settle, and the value sizes of a sample of the persons /add wrote ({@code add.after.strlen.txt}).
 */
public final class StoreSnapshots {

	public StoreSnapshots(RunContext context, Stores stores) {
		throw new UnsupportedOperationException("H1");
	}

	/** The snapshot into files named PREFIX.* ({@code prefix} is e.g. raw/v/rep1/add.before). */
	public void take(Topology topology, Layout layout, Path prefix) {
		throw new UnsupportedOperationException("H1");
	}

	/** Waits, at most 10 s, until no node is above its maxmemory (Redis evicts in the background). */
	public void settleEvictions(Topology topology, String label) {
		throw new UnsupportedOperationException("H1");
	}

	/** The sizes of values spread evenly over the persons /add wrote, into {@code dir/add.after.strlen.txt}. */
	public void sampleValueSizes(Topology topology, Layout layout, Path dir) {
		throw new UnsupportedOperationException("H1");
	}

}
