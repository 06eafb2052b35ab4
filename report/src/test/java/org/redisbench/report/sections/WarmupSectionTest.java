package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.redisbench.benchrun.WarmupRound;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;
import org.redisbench.runresults.Warmup;

class WarmupSectionTest {

	private static final Variant KRYO = Variant.published("kryo");

	private static final Variant STRING = Variant.published("string");

	private static final KeyValues SETTINGS = KeyValues.parse("warmup=5000\nwarmup_rounds=6\nwarmup_jit_share=5\n");

	@Test
	void theLastRoundOfAWarmupDecidesHowItEnded() {
		Warmup quiet = Warmup.parse(KRYO, 1, """
				round=1 jit_share=31.4 idle=yes waited_s=22 elapsed_s=40 compiled=5100 pending=12
				round=2 jit_share=4.9 idle=yes waited_s=3 elapsed_s=61 compiled=5160 pending=0 ended=quiet
				""").orElseThrow();
		assertEquals(new Warmup(KRYO, 1, 2, 4.9, WarmupRound.Ending.QUIET, 61L, 60L, 0L), quiet);
		assertTrue(quiet.endedQuiet());
		Warmup unwatched = Warmup.parse(KRYO, 2, "round=1 jit_share=unknown idle=unknown waited_s=0 ended=unwatched\n")
			.orElseThrow();
		assertEquals(null, unwatched.lastJitSharePercent());
		assertFalse(unwatched.endedQuiet());
		assertEquals(null, Warmup.parse(KRYO, 3, "round=1 jit_share=40.0 idle=yes waited_s=1\n").orElseThrow().ending());
		assertEquals(Optional.empty(), Warmup.parse(KRYO, 1, "\n"));
	}

	@Test
	void aRoundSaysWhatItsCompilerFinished() {
		Warmup grown = Warmup.parse(KRYO, 1, """
				round=1 requests=3000 jit_share=31.4 elapsed_s=9 compiled=5100 pending=12 compiles=2100 compiles_per_1000=700.00
				round=2 requests=6000 jit_share=4.9 elapsed_s=15 compiled=5104 pending=0 compiles=4 compiles_per_1000=0.67 ended=quiet
				""").orElseThrow();
		assertEquals(new Warmup(KRYO, 1, 2, 4.9, WarmupRound.Ending.QUIET, 15L, 4L, 0L), grown);
		Warmup first = Warmup.parse(KRYO, 1, """
				round=1 requests=3000 jit_share=31.4 elapsed_s=9 compiled=5100 pending=0 compiles=2 compiles_per_1000=0.67 ended=quiet
				""").orElseThrow();
		assertEquals(2L, first.compiledInLastRound(), "a first round's own count, read from its start");
	}

	@Test
	void aRunRecordedBeforeTheCompilerWasReadHasNoSecondsNorCounts() {
		Warmup old = Warmup.parse(KRYO, 1, """
				round=1 jit_share=31.4 idle=yes waited_s=22
				round=2 jit_share=4.9 idle=yes waited_s=3 ended=quiet
				""").orElseThrow();
		assertEquals(new Warmup(KRYO, 1, 2, 4.9, WarmupRound.Ending.QUIET, null, null, null), old);
		Warmup unread = Warmup.parse(KRYO, 1, """
				round=1 jit_share=31.4 idle=yes waited_s=22 elapsed_s=40 compiled=unknown pending=unknown ended=rounds
				""").orElseThrow();
		assertEquals(new Warmup(KRYO, 1, 1, 31.4, WarmupRound.Ending.ROUNDS, 40L, null, null), unread);
	}

	@Test
	void aVariantWhoseWarmupWasNotQuietIsMarkedBesideItsFigures() {
		List<Warmup> warmups = List.of(new Warmup(KRYO, 1, 3, 2.0, WarmupRound.Ending.QUIET, 50L, 40L, 0L),
				new Warmup(KRYO, 2, 12, 7.5, WarmupRound.Ending.ROUNDS, 183L, 310L, 25L),
				new Warmup(STRING, 1, 2, 1.0, WarmupRound.Ending.QUIET, 31L, 12L, 0L));
		RunResults run = new RunResults(SETTINGS, Map.of(), List.of(STRING, KRYO), List.of(), List.of(), List.of(),
				warmups);
		assertEquals("**1 of 2 not quiet** (rounds), 3–12 rounds, 50–183 s", WarmupSection.summary(run, KRYO));
		assertEquals("quiet, 2 rounds, 31 s", WarmupSection.summary(run, STRING));
		assertEquals("", WarmupSection.summary(run, Variant.published("jackson")));
		Markdown md = new Markdown();
		new WarmupSection().writeTo(md, run);
		assertTrue(md.text().contains("| " + KRYO.name() + " | 2 | 3–12 | 50–183 | 4.8 (2.0–7.5) | 40–310 | 0–25 | 1 of 2 |"),
				md.text());
	}

	@Test
	void everyVariantShowsItsRoundsAndAWarmupAtItsLimitIsNamed() {
		List<Warmup> warmups = List.of(new Warmup(KRYO, 1, 3, 2.0, WarmupRound.Ending.QUIET, null, null, null),
				new Warmup(KRYO, 2, 6, 7.5, WarmupRound.Ending.ROUNDS, null, null, null),
				new Warmup(STRING, 1, 2, 1.0, WarmupRound.Ending.QUIET, null, null, null));
		Markdown md = new Markdown();
		new WarmupSection().writeTo(md,
				new RunResults(SETTINGS, Map.of(), List.of(STRING, KRYO), List.of(), List.of(), List.of(), warmups));
		String text = md.text();
		assertTrue(text.contains("rounds of 5000 requests on /add, /check and /noop"), text);
		assertTrue(text.contains("| " + KRYO.name() + " | 2 | 3–6 | — | 4.8 (2.0–7.5) | — | — | 1 of 2 |"), text);
		assertTrue(text.contains("| " + STRING.name() + " | 1 | 2 | — | 1.0 | — | — | 1 of 1 |"), text);
		assertTrue(text.contains("1 of the 3 warm-ups ended at their last round"), text);
	}

	@Test
	void aWarmupStoppedByItsTimeBoundSaysSoAndNotRounds() {
		List<Warmup> warmups = List.of(new Warmup(KRYO, 1, 2, 9.0, WarmupRound.Ending.SECONDS, 21L, null, null));
		Markdown md = new Markdown();
		new WarmupSection().writeTo(md, new RunResults(KeyValues.parse("warmup=1000\nwarmup_rounds=3\n"
				+ "warmup_jit_share=2\nwarmup_seconds=20\n"), Map.of(), List.of(KRYO), List.of(), List.of(), List.of(),
				warmups));
		String text = md.text();
		assertTrue(text.contains("none starting after 20 s"), text);
		assertTrue(text.contains("1 of the 1 warm-ups were stopped by the warm-up's time bound (`--warmup-seconds 20`"),
				text);
		assertFalse(text.contains("--warmup-rounds"), text);
	}

	@Test
	void aRunWhoseRoundsGrewSaysTheCompilersOwnRule() {
		List<Warmup> warmups = List.of(new Warmup(KRYO, 1, 2, 9.0, WarmupRound.Ending.QUIET, 12L, 3L, 0L));
		Markdown md = new Markdown();
		new WarmupSection().writeTo(md, new RunResults(KeyValues.parse("warmup=1000\nwarmup_rounds=6\n"
				+ "warmup_jit_share=2\nwarmup_seconds=0\nwarmup_compiles=1\n"), Map.of(), List.of(KRYO), List.of(),
				List.of(), List.of(), warmups));
		String text = md.text();
		assertTrue(text.contains("1000 on each in the first round, twice as many in each next one"), text);
		assertTrue(text.contains("had left at its end came to at most 1 per 1,000 of the round's requests (at most 6 "
				+ "times 1000 requests on each in all)"), text);
		assertFalse(text.contains("Before each of those phases"), text);
	}

	@Test
	void aRunWithoutWarmupRecordsHasNoSection() {
		Markdown md = new Markdown();
		new WarmupSection().writeTo(md, Records.results(List.of(KRYO), List.of()));
		assertEquals("", md.text());
	}

}
