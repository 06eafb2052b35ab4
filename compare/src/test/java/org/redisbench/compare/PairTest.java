package org.redisbench.compare;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.redisbench.commandline.Refusal;

/** Which variant is compared with which: by name, and across --redis-settings when each run ran one. */
class PairTest {

	static final String STRING_AOF = "string-per-key-none-single-aof-everysec-c50";

	static final String KRYO_AOF = "kryo-per-key-none-single-aof-everysec-c50";

	@TempDir
	Path temp;

	@Test
	void theSameVariantsPairByName() {
		assertEquals(List.of(new Pair(Runs.STRING, Runs.STRING), new Pair(Runs.KRYO, Runs.KRYO)),
				Pair.of(load("base"), load("new")));
		assertEquals(Runs.STRING, new Pair(Runs.STRING, Runs.STRING).label());
	}

	/** Redis with appendonly against without: each variant with its twin, the settings listed as what differed. */
	@Test
	void runsUnderOneOtherRedisSettingEachPairAcrossIt() {
		RunFolder base = load("base", "default");
		RunFolder next = load("new", "aof-everysec");
		assertEquals(List.of(new Pair(Runs.STRING, STRING_AOF), new Pair(Runs.KRYO, KRYO_AOF)), Pair.of(base, next));

		Comparisons all = Comparisons.of(List.of(base.path(), next.path()), null);
		Comparison comparison = all.newest();
		assertEquals(List.of(), comparison.onlyInBase());
		assertEquals(List.of(), comparison.onlyInNext());
		assertEquals(Runs.STRING + " → " + STRING_AOF, comparison.rows().get(0).variant());
		assertTrue(all.differences()
			.differing()
			.contains(new Differences.Fact("bench.sh redis_settings", List.of("default", "aof-everysec"))),
				all.differences().differing().toString());
		assertTrue(CompareMarkdown.render(all).contains("| " + Runs.STRING + " → " + STRING_AOF + " | /add requests/s |"));
	}

	/** Two settings in one run: a variant of the other could pair with either, so none pairs but by name. */
	@Test
	void aRunOfSeveralRedisSettingsPairsByNameOnly() {
		RunFolder base = load("base", "default", "aof-everysec");
		RunFolder next = load("new", "aof-everysec");
		assertEquals(List.of(new Pair(STRING_AOF, STRING_AOF), new Pair(KRYO_AOF, KRYO_AOF)), Pair.of(base, next));
		Comparison comparison = Comparison.of(base, next, Comparisons.ALPHA);
		assertEquals(List.of(Runs.STRING, Runs.KRYO), comparison.onlyInBase());

		RunFolder other = load("other", "rdb", "lru");
		Refusal refused = assertThrows(Refusal.class, () -> Comparison.of(load("default", "default"), other,
				Comparisons.ALPHA));
		assertTrue(refused.getMessage().contains("have no variant in common"), refused.getMessage());
	}

	/** The real run copied as {@code name}, its Redis under {@code settings} if any are given. */
	private RunFolder load(String name, String... settings) {
		Path run = Runs.copy(this.temp.resolve(name));
		if (settings.length > 0) {
			Runs.redisSettings(run, settings);
		}
		return RunFolder.load(run);
	}

}
