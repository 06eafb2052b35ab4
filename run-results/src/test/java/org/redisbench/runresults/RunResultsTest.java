package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.tooloutput.Resources;

/** On the raw folder of a real bench.sh run ({@code -n 2000 -c 50 -r 1}), kept under src/test/resources/run. */
class RunResultsTest {

	@TempDir
	Path temp;

	@Test
	void everyPhaseOfEveryAppBecomesARecord() throws IOException {
		RunResults run = RunResults.load(RunFixture.copy(this.temp));
		assertEquals(List.of("string/noop", "string/add", "string/check", "string/redis-set", "string/redis-get",
				"kryo/noop", "kryo/add", "kryo/check", "kryo/redis-set", "kryo/redis-get"),
				run.records().stream().map(r -> r.variant().app() + "/" + r.phase().label()).toList());
		assertTrue(run.records().stream().allMatch(r -> r.verdict().valid()));
		// A run from before the matrix: each app is the published per-key/none/single variant.
		assertEquals(List.of(Variant.published("string").withConcurrency(50), Variant.published("kryo").withConcurrency(50)),
				run.variants());
	}

	@Test
	void underEvictionAPersonMissingIsMeasuredNotFailed() throws IOException {
		Variant lru = Variant.published("kryo").withConcurrency(50).withRedisSettings(Variant.EVICTING_SETTINGS);
		Path out = RunFixture.matrix(this.temp, lru);
		Path rep = out.resolve("raw").resolve(lru.name()).resolve("rep1");
		// Redis kept 150,000 of the 200,000 persons; the app's own scrapes count one /check answer of 404.
		Files.writeString(rep.resolve("add.after.dbsize.txt"), "150000\n");
		String check = Files.readString(rep.resolve("check.ab.txt"));
		Files.writeString(rep.resolve("check.ab.txt"), check.replace("Failed requests:        0",
				"Failed requests:        5\n   (Connect: 0, Receive: 0, Length: 5, Exceptions: 0)\nNon-2xx responses:      1"));
		List<SummaryRecord> records = RunResults.load(out).records();
		SummaryRecord add = records.stream().filter(r -> r.phase() == Phase.ADD).findFirst().orElseThrow();
		SummaryRecord checked = records.stream().filter(r -> r.phase() == Phase.CHECK).findFirst().orElseThrow();
		assertTrue(add.verdict().valid(), add.verdict().reason());
		assertEquals(50000L, add.store().missingPersons());
		assertTrue(checked.verdict().valid(), checked.verdict().reason());
		assertEquals(1L, checked.app().notFoundResponses());

		// A non-2xx answer that is no 404 is a fault, eviction or not.
		Files.writeString(rep.resolve("check.ab.txt"), check.replace("Failed requests:        0",
				"Failed requests:        3\nNon-2xx responses:      3"));
		SummaryRecord faulty = RunResults.load(out).records().stream().filter(r -> r.phase() == Phase.CHECK)
			.findFirst().orElseThrow();
		assertEquals("3 failed requests; 3 non-2xx responses, 1 of them 404 (persons evicted)", faulty.verdict().reason());
	}

	@Test
	void withoutEvictionAMissingKeyIsAFailure() throws IOException {
		Variant plain = Variant.published("kryo").withConcurrency(50);
		Path out = RunFixture.matrix(this.temp, plain);
		Files.writeString(out.resolve("raw").resolve(plain.name()).resolve("rep1/add.after.dbsize.txt"), "150000\n");
		SummaryRecord add = RunResults.load(out).records().stream().filter(r -> r.phase() == Phase.ADD)
			.findFirst().orElseThrow();
		assertEquals("DBSIZE grew by 150000, expected 200000", add.verdict().reason());
	}

	@Test
	void withIdsWrappingOverARangeAddWritesThatManyPersonsAtMost() throws IOException {
		Variant plain = Variant.published("kryo").withConcurrency(50);
		Path out = RunFixture.matrix(this.temp, plain);
		Path settings = out.resolve("raw/env/settings.env");
		Files.writeString(settings, Files.readString(settings) + "step_keys=150000\n");
		Path dbsize = out.resolve("raw").resolve(plain.name()).resolve("rep1/add.after.dbsize.txt");
		Files.writeString(dbsize, "150000\n");
		SummaryRecord add = RunResults.load(out).records().stream().filter(r -> r.phase() == Phase.ADD)
			.findFirst().orElseThrow();
		assertTrue(add.verdict().valid(), add.verdict().reason());
		assertEquals(0L, add.store().missingPersons());

		Files.writeString(dbsize, "140000\n");
		SummaryRecord fewer = RunResults.load(out).records().stream().filter(r -> r.phase() == Phase.ADD)
			.findFirst().orElseThrow();
		assertEquals("DBSIZE grew by 140000, expected 150000", fewer.verdict().reason());
	}

	@Test
	void aMatrixRunReadsItsVariantsFromVariantEnvInRunOrder() throws IOException {
		Variant pipelined = new Variant("kryo", "pipeline", "zstd-dict", "single", 1);
		Variant perKey = Variant.published("string");
		RunResults run = RunResults.load(RunFixture.matrix(this.temp, pipelined, perKey));
		assertEquals(List.of(pipelined, perKey), run.variants());
		assertEquals(List.of(pipelined, pipelined, pipelined, pipelined, pipelined, perKey, perKey, perKey, perKey, perKey),
				run.records().stream().map(SummaryRecord::variant).toList());
		assertTrue(run.records().stream().allMatch(r -> r.verdict().valid()));
		SummaryRecord add = record(run, "kryo", Phase.ADD);
		assertEquals(200000L, add.store().dbsize());
		assertEquals(List.of(), add.store().nodes());
	}

	@Test
	void aVariantReadsItsDistanceAndConcurrencyFromVariantEnv() throws IOException {
		Variant far = new Variant("string", "pipeline", "none", "single", 1, 0.2, 1, 10);
		RunResults run = RunResults.load(RunFixture.matrix(this.temp, far));
		assertEquals(List.of(far), run.variants());
		assertEquals("string-pipeline-none-single-redis0.2ms-app1ms-c10", far.name());
		assertEquals(10, record(run, "string", Phase.ADD).load().concurrency());
	}

	@Test
	void aProxyAddingNothingIsAVariantOfItsOwnBesideNoProxy() throws IOException {
		Variant direct = new Variant("kryo", "pipeline", "none", "single", 1);
		Variant hop = direct.withRedisRtt(new Rtt(0, true));
		RunResults run = RunResults.load(RunFixture.matrix(this.temp, direct, hop));
		assertEquals(List.of(direct, hop), run.variants());
		for (Variant v : List.of(direct, hop)) {
			assertEquals(1, run.records().stream().filter((r) -> r.variant().equals(v) && r.phase() == Phase.ADD).count(),
					v.name());
		}
	}

	@Test
	void aVariantEnvFromBeforeDistanceConcurrencyAndLayoutIsNoProxyAtTheRunsConcurrencyAKeyPerPerson() throws IOException {
		Variant variant = new Variant("kryo", "pipeline", "lz4", "single", 1);
		Path out = RunFixture.matrix(this.temp, variant);
		Path env = out.resolve("raw/" + variant.name() + "/variant.env");
		Files.writeString(env, Files.readString(env).replaceAll("(?m)^(redis_rtt|app_rtt|concurrency|layout)=.*\\n", ""));
		assertEquals(List.of(variant.withConcurrency(50)), RunResults.load(out).variants());
	}

	@Test
	void inHashBucketsThePersonsAreTheirBucketsHlenNotDbsize() throws IOException {
		Variant perKey = Variant.published("kryo").withConcurrency(50);
		Variant buckets = RunFixture.inHashBuckets(perKey);
		Path out = RunFixture.matrix(this.temp, perKey, buckets);
		RunFixture.writeBuckets(out.resolve("raw").resolve(buckets.name()).resolve("rep1"), 200000);
		RunResults run = RunResults.load(out);
		assertEquals(List.of(perKey, buckets), run.variants());
		assertEquals("kryo-per-key-none-single-c50", perKey.name());
		assertEquals("kryo-per-key-none-hash-bucket-single-c50", buckets.name());
		SummaryRecord add = record(run, buckets, Phase.ADD);
		assertTrue(add.verdict().valid(), add.verdict().reason());
		assertEquals(2001L, add.store().dbsize());
		assertEquals(200000L, add.store().personsWritten());
		assertEquals(0L, add.store().missingPersons());
		// the same memory over the same persons as the per-key twin whose outputs the fixture copied
		SummaryRecord keys = record(run, perKey, Phase.ADD);
		assertEquals(200000L, keys.store().personsWritten());
		assertEquals(keys.store().bytesPerPerson(), add.store().bytesPerPerson());
	}

	@Test
	void hashBucketsWhoseHlenWasNotReadHaveNoPersonFiguresAndAnInvalidAdd() throws IOException {
		Variant buckets = RunFixture.inHashBuckets(Variant.published("kryo").withConcurrency(50));
		Path out = RunFixture.matrix(this.temp, buckets);
		Path rep = out.resolve("raw").resolve(buckets.name()).resolve("rep1");
		RunFixture.writeBuckets(rep, 200000);
		// redis-cli's error in place of a bucket's HLEN: DBSIZE, which counts buckets, cannot stand in for persons
		Files.writeString(rep.resolve("add.after.hlen.txt"), "100\nERR unknown command 'HLEN'\n");
		SummaryRecord add = record(RunResults.load(out), buckets, Phase.ADD);
		assertEquals("persons in hash buckets (HLEN summed) grew by null, expected 200000", add.verdict().reason());
		assertNull(add.store().personsWritten());
		assertNull(add.store().bytesPerPerson());
		assertNull(add.store().missingPersons());
	}

	@Test
	void aLayoutBenchShDoesNotKnowIsRefusedWithTheKnownOnes() throws IOException {
		Variant variant = Variant.published("kryo");
		Path out = RunFixture.matrix(this.temp, variant);
		Path env = out.resolve("raw/" + variant.name() + "/variant.env");
		Files.writeString(env, Files.readString(env).replace("layout=string-per-key", "layout=hash-slot"));
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> RunResults.load(out));
		assertEquals("unknown layout 'hash-slot', one of: string-per-key, hash-bucket", refused.getMessage());
	}

	@Test
	void abKilledByItsTimeLimitOrGivingUpOnASilentAppSaysSo() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.writeString(out.resolve("raw/string/rep1/add.ab.txt"), Resources.raw("ab-add-timeout.txt"));
		Files.writeString(out.resolve("raw/string/rep1/add.ab.exit"), "119\n");
		Files.writeString(out.resolve("raw/kryo/rep1/add.ab.txt"), "Benchmarking 127.0.0.1 (be patient)\n");
		Files.writeString(out.resolve("raw/kryo/rep1/add.ab.exit"), "124\n");
		Path settings = out.resolve("raw/env/settings.env");
		Files.writeString(settings, Files.readString(settings) + "phase_timeout_s=90\n");
		RunResults run = RunResults.load(out);
		assertEquals(List.of("ab failed: apr_pollset_poll: The timeout specified has expired (70007)", "ab exit status 119"),
				record(run, "string", Phase.ADD).verdict().reasons().subList(0, 2));
		assertEquals(List.of("ab printed no summary",
				"ab killed by bench.sh's time limit for the phase (90 s): it neither finished nor gave up"),
				record(run, "kryo", Phase.ADD).verdict().reasons().subList(0, 2));
	}

	@Test
	void clusterFiguresAreSummedOverTheMasters() throws IOException {
		Variant cluster = new Variant("string", "per-key", "none", "cluster3", 3);
		SummaryRecord add = record(RunResults.load(RunFixture.matrix(this.temp, cluster)), "string", Phase.ADD);
		assertTrue(add.verdict().valid(), add.verdict().reason());
		long step = RunFixture.NODE_MEMORY_STEP;
		assertEquals(3 * 49099280L + 6 * step, add.store().usedMemoryBytes());
		assertEquals(3 * 60506112L, add.store().usedMemoryRssBytes());
		assertEquals(3 * 60506112.0 / (3 * 49099280L + 6 * step), add.store().memFragmentationRatio(), 1e-12);
		assertEquals(200000L, add.store().dbsize());
		// every master holds a copy of the single Redis's growth, so the sum is three times the single figure
		assertEquals(3.0 * ((49099280 - 1113600) - (2120240 - 1031712)) / 200000.0, add.store().bytesPerPerson(), 1e-9);
		assertEquals(3 * (50209604 - 11270636) / 2000.0, add.store().netInBytesPerRequest(), 1e-9);
		assertEquals(List.of(new StoreFigures.Node("1 127.0.0.1:30001", 66668L, 49099280L + step),
				new StoreFigures.Node("2 127.0.0.1:30002", 66666L, 49099280L + 2 * step),
				new StoreFigures.Node("3 127.0.0.1:30003", 66666L, 49099280L + 3 * step)), add.store().nodes());
	}

	@Test
	void aMissingMasterLeavesNoPartialSumAndInvalidatesThePhase() throws IOException {
		Variant cluster = new Variant("kryo", "per-key", "none", "cluster3", 3);
		Path out = RunFixture.matrix(this.temp, cluster);
		Files.delete(out.resolve("raw/" + cluster.name() + "/rep1/add.after.node2.info.txt"));
		SummaryRecord add = record(RunResults.load(out), "kryo", Phase.ADD);
		assertFalse(add.verdict().valid());
		assertEquals("Redis INFO missing around the phase", add.verdict().reason());
		assertNull(add.store().usedMemoryBytes());
		assertNull(add.store().bytesPerPerson());
	}

	@Test
	void addFiguresComeFromInfoDbsizeStrlenAndProc() throws IOException {
		SummaryRecord add = record(RunResults.load(RunFixture.copy(this.temp)), "string", Phase.ADD);
		assertEquals(2000L, add.load().requests());
		assertEquals(50, add.load().concurrency());
		assertEquals(434.73, add.load().requestsPerSecond());
		assertEquals(200000L, add.store().dbsize());
		// (used_memory - mem_clients_normal) after minus before, over the 200,000 keys written
		assertEquals(((49099280 - 1113600) - (2120240 - 1031712)) / 200000.0, add.store().bytesPerPerson(), 1e-9);
		assertEquals(154.132, add.store().valueBytes(), 1e-9);
		// 650 clock ticks of user + system time at 100 ticks/s over 2000 requests
		assertEquals(3.25, add.app().cpuMsPerRequest(), 1e-9);
		assertEquals((50209604 - 11270636) / 2000.0, add.store().netInBytesPerRequest(), 1e-9);
		assertEquals(49099280L, add.store().usedMemoryBytes());
	}

	@Test
	void noopHasNoRedisFiguresAndCeilingsHaveTheValueSize() throws IOException {
		RunResults run = RunResults.load(RunFixture.copy(this.temp));
		SummaryRecord noop = record(run, "kryo", Phase.NOOP);
		assertNull(noop.store().usedMemoryBytes());
		assertNull(noop.store().bytesPerPerson());
		SummaryRecord set = record(run, "kryo", Phase.REDIS_SET);
		assertEquals(86.0, set.store().valueBytes());
		assertEquals(20000L, set.load().requests());
		assertTrue(set.load().requestsPerSecond() > 0);
	}

	@Test
	void failedAndNon2xxRequestsMakeARunInvalid() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.writeString(out.resolve("raw/kryo/rep1/check.ab.txt"), Resources.raw("ab-check-partial-failures.txt"));
		SummaryRecord check = record(RunResults.load(out), "kryo", Phase.CHECK);
		assertEquals(new Validity(List.of("2500 of 2000 requests completed", "500 failed requests", "500 non-2xx responses")),
				check.verdict());
		assertFalse(check.verdict().valid());
		assertEquals("2500 of 2000 requests completed; 500 failed requests; 500 non-2xx responses", check.verdict().reason());
	}

	@Test
	void abortedAbAndMissingKeysMakeARunInvalid() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.writeString(out.resolve("raw/string/rep1/add.ab.txt"), Resources.raw("ab-refused.txt"));
		Files.writeString(out.resolve("raw/string/rep1/add.ab.exit"), "111\n");
		Files.writeString(out.resolve("raw/string/rep1/add.after.dbsize.txt"), "1500\n");
		SummaryRecord add = record(RunResults.load(out), "string", Phase.ADD);
		assertFalse(add.verdict().valid());
		assertEquals("ab failed: apr_socket_recv: Connection refused (111); ab exit status 111; "
				+ "DBSIZE grew by 1500, expected 200000", add.verdict().reason());
	}

	@Test
	void aPhaseSkippedBecauseTheAppExitedIsListedAsInvalid() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.delete(out.resolve("raw/kryo/rep1/check.ab.txt"));
		Files.writeString(out.resolve("raw/kryo/rep1/check.skipped"), "skipped: the app had exited\n");
		SummaryRecord check = record(RunResults.load(out), "kryo", Phase.CHECK);
		assertFalse(check.verdict().valid());
		assertEquals("skipped: the app had exited", check.verdict().reason());
		assertNull(check.load().requestsPerSecond());
		assertEquals(2000L, check.load().requests());
	}

	@Test
	void aRedisBenchmarkTestOtherThanSetAndGetIsNotRecorded() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Path csv = out.resolve("raw/kryo/rep1/redis-benchmark.csv");
		Files.writeString(csv, Files.readString(csv) + "\"LPUSH\",\"50000.00\",\"0.5\",\"0.1\",\"0.3\",\"0.5\",\"6.5\",\"23.7\"\n");
		assertEquals(List.of(Phase.NOOP, Phase.ADD, Phase.CHECK, Phase.REDIS_SET, Phase.REDIS_GET),
				RunResults.load(out).records().stream().filter(r -> r.variant().app().equals("kryo")).map(SummaryRecord::phase).toList());
	}

	private static SummaryRecord record(RunResults run, String app, Phase phase) {
		return run.records().stream().filter(r -> r.variant().app().equals(app) && r.phase() == phase).findFirst().orElseThrow();
	}

	private static SummaryRecord record(RunResults run, Variant variant, Phase phase) {
		return run.records().stream().filter(r -> r.variant().equals(variant) && r.phase() == phase).findFirst().orElseThrow();
	}

	/** The same configuration with its persons in hash buckets. */

}
