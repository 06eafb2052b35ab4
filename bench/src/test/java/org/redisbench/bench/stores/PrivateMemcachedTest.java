package org.redisbench.bench.stores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.model.Layout;

import static org.assertj.core.api.Assertions.assertThat;

/** The run's private memcached: its start, snapshot files, flush to no item, value sizes, its stop. */
class PrivateMemcachedTest {

	@TempDir
	Path out;

	@Test
	void isSnapshottedSampledAndFlushedToNoItem() throws IOException {
		StoreRun run = StoreRun.of(this.out, Optional.empty(), Map.of("BENCH_STRLEN_SAMPLE", "4"), "--store",
				"memcached", "-n", "2000", "-c", "10");
		long pid;
		try (Stores stores = Stores.open(run.context())) {
			assertThat(stores.topologies()).containsExactly("memcached");
			Topology memcached = stores.topology("memcached");
			Node node = stores.memcached().orElseThrow();
			pid = memcached.pids().get(0);
			assertThat(memcached.nodes()).containsExactly(node);
			// 64 MB and 500 bytes for each of 2000 batches of 100 persons.
			assertThat(run.log()).contains("private memcached on " + node + " (pid " + pid + ", -m 159)");

			// Persons 2 to 11, five bytes each: person_1 is not there.
			List<String> sets = new ArrayList<>();
			for (int id = 2; id <= 11; id++) {
				sets.addAll(List.of("set person_" + id + " 0 0 5", "hello"));
			}
			assertThat(MemcachedText.command(node, sets)).isEqualTo("STORED\n".repeat(10));

			Path rep = Files.createDirectories(run.raw().resolve("v/rep1"));
			StoreSnapshots snapshots = new StoreSnapshots(run.context(), stores);
			snapshots.take(memcached, Layout.STRING_PER_KEY, rep.resolve("add.after"));
			assertThat(rep.resolve("add.after.memcached-stats.txt")).content()
				.contains("STAT curr_items 10\n")
				.doesNotContain("\r")
				.endsWith("END\n");
			assertThat(rep.resolve("add.after.memcached-slabs.txt")).content()
				.contains("STAT active_slabs 1\n")
				.doesNotContain("\r");

			snapshots.sampleValueSizes(memcached, Layout.STRING_PER_KEY, rep);
			// curr_items 10, a sample of 4: persons 1, 4, 7 and 10; none for person 1.
			assertThat(rep.resolve("add.after.strlen.txt")).content().isEqualTo("0\n5\n5\n5\n");

			stores.flush(memcached);
			assertThat(MemcachedText.stat(node, "curr_items")).contains("0");
		}
		assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
		assertThat(run.raw().resolve("memcached.log")).exists();
	}

	@Test
	void noPersonWrittenIsAnEmptySample() throws IOException {
		StoreRun run = StoreRun.of(this.out, "--store", "memcached");
		try (Stores stores = Stores.open(run.context())) {
			Topology memcached = stores.topology("memcached");
			Path rep = Files.createDirectories(run.raw().resolve("v/rep1"));
			StoreSnapshots snapshots = new StoreSnapshots(run.context(), stores);
			snapshots.take(memcached, Layout.STRING_PER_KEY, rep.resolve("add.after"));
			snapshots.sampleValueSizes(memcached, Layout.STRING_PER_KEY, rep);
			assertThat(rep.resolve("add.after.strlen.txt")).content().isEmpty();
		}
	}

}
