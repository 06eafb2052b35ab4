package org.redisbench.bench.run;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.SettingsForTests;

import static org.assertj.core.api.Assertions.assertThat;

/** The variants of a run, in run order, named as run-results reads their folders. */
class VariantPlanTest {

	private static List<String> names(BenchSettings settings, List<String> topologies) {
		boolean several = settings.concurrencies().size() > 1;
		return VariantPlan.of(settings, topologies).stream().map((variant) -> variant.name(several)).toList();
	}

	@Test
	void theAppsOfOneConditionRunOneAfterAnother() {
		BenchSettings settings = SettingsForTests.of(Map.of(), "--modes", "per-key,pipeline", "--compression",
				"none,zstd-dict", "--apps", "string,kryo");
		assertThat(names(settings, List.of("single"))).containsExactly("string-per-key-none-single",
				"kryo-per-key-none-single", "string-per-key-zstd-dict-single", "kryo-per-key-zstd-dict-single",
				"string-pipeline-none-single", "kryo-pipeline-none-single", "string-pipeline-zstd-dict-single",
				"kryo-pipeline-zstd-dict-single");
	}

	@Test
	void topologiesThenLayoutsOutermostMemcachedKeepsAKeyAPersonAndDefaultSettings() {
		BenchSettings settings = SettingsForTests.of(Map.of(), "--apps", "string", "--layouts",
				"string-per-key,hash-bucket", "--store", "redis,memcached", "--cluster", "3");
		assertThat(names(settings, List.of("single", "cluster3", "memcached"))).containsExactly(
				"string-per-key-none-single", "string-per-key-none-hash-bucket-single", "string-per-key-none-cluster3",
				"string-per-key-none-hash-bucket-cluster3", "string-per-key-none-memcached");
	}

	@Test
	void onlyWhatTheRunVariesIsInTheName() {
		BenchSettings settings = SettingsForTests.of(Map.of(), "--apps", "kryo", "-c", "10,50", "--redis-rtt", "0,1ms",
				"--redis-settings", "default,lru");
		assertThat(names(settings, List.of("single"))).containsExactly("kryo-per-key-none-single-c10",
				"kryo-per-key-none-single-c50", "kryo-per-key-none-single-redis1ms-c10",
				"kryo-per-key-none-single-redis1ms-c50", "kryo-per-key-none-single-lru-c10",
				"kryo-per-key-none-single-lru-c50", "kryo-per-key-none-single-lru-redis1ms-c10",
				"kryo-per-key-none-single-lru-redis1ms-c50");
	}

	@Test
	void aRedisPasswordAmongItsArgumentsIsHiddenInTheRecord() {
		assertThat(RunRecord.shownRedisArguments(List.of("--maxclients", "100", "--requirepass", "secret",
				"--masterauth", "other", "--io-threads", "2"))).containsExactly("--maxclients", "100", "--requirepass",
						"(hidden)", "--masterauth", "(hidden)", "--io-threads", "2");
	}

}
