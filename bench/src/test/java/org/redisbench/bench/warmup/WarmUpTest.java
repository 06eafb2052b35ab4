package org.redisbench.bench.warmup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.run.WatchedApp;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.tooloutput.AbOutput;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up's rounds on the string app: ab on /add, /check and /noop, the compiler watched, each round's verdict
 * asked of bench-run's WarmupRound in this JVM (its compiler state read through the JDK's readers, which the test
 * JVM exports as the launcher's manifest does), until it says the warm-up ends. One app for every test: those that
 * need its compiler busy (a round that compiled nothing ends a warm-up quiet, whatever the limit) run first, on the
 * coldest app.
 */
@Tag("end-to-end")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WarmUpTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	private static StringAppRun app;

	@TempDir
	Path folder;

	private final AtomicInteger scrapes = new AtomicInteger();

	@BeforeAll
	static void startApp() {
		app = StringAppRun.start(REDIS.server());
	}

	@AfterAll
	static void stopApp() {
		app.stop();
	}

	/** A round of 600 requests cannot compile a million methods a 1,000: the first round ends it, quiet. */
	@Test
	void aRoundCompilingUnderTheLimitEndsTheWarmupQuiet() throws IOException {
		VariantRun run = warmUp(app.watched(), "-w", "200", "-c", "5", "--warmup-rounds", "3", "--warmup-compiles",
				"1000000");

		List<String> lines = Files.readAllLines(run.dir().resolve("warmup.txt"));
		assertThat(lines).singleElement().asString().matches("round=1 requests=600 jit_share=\\d+\\.\\d"
				+ " elapsed_s=\\d+ compiled=[1-9]\\d* pending=\\d+ compiles=[1-9]\\d* compiles_per_1000=[0-9.]+"
				+ " ended=quiet");
		for (String path : List.of("add", "check", "noop")) {
			AbOutput ab = AbOutput.parse(Files.readString(run.dir().resolve("warmup1-" + path + ".ab.txt")));
			assertThat(ab.completeRequests()).as(path).isEqualTo(200);
			assertThat(ab.failedRequests()).as(path).isZero();
			assertThat(ab.non2xx()).as(path).isIn(null, 0L);
		}
		assertThat(this.scrapes).hasValue(6);
		assertThat(REDIS.dbSize()).as("the round ends on an empty store").isZero();
		assertThat(app.log()).contains(run.label() + ": warm-up round=1 ")
			.contains(run.label() + " warm-up round 1 check: ab -n 200 -c 5");
	}

	/**
	 * A first app's first rounds compile something: with no compilation allowed, the warm-up sends its 4 rounds of
	 * -w in rounds that double, the last taking what is left, and that one ends it.
	 */
	@Test
	@Order(2)
	void aWarmupStillCompilingSendsItsRequestsInGrowingRounds() throws IOException {
		VariantRun run = warmUp(app.watched(), "-w", "50", "-c", "5", "--warmup-rounds", "4", "--warmup-compiles", "0");

		List<String> lines = Files.readAllLines(run.dir().resolve("warmup.txt"));
		assertThat(lines).hasSize(3);
		assertThat(lines.get(0)).startsWith("round=1 requests=150 ").doesNotContain("ended=");
		assertThat(lines.get(1)).as("twice -w").startsWith("round=2 requests=300 ").doesNotContain("ended=");
		assertThat(lines.get(2)).as("what is left of 4 x -w").startsWith("round=3 requests=150 ")
			.endsWith(" ended=rounds");
		AbOutput grown = AbOutput.parse(Files.readString(run.dir().resolve("warmup2-noop.ab.txt")));
		assertThat(grown.completeRequests()).isEqualTo(100);
	}

	/** No round starts once the bound has passed: the round that passed it ends the warm-up. */
	@Test
	@Order(1)
	void theTimeBoundEndsABusyWarmupBeforeItsRounds() throws IOException {
		VariantRun run = warmUp(app.watched(), "-w", "100", "-c", "5", "--warmup-rounds", "1000", "--warmup-compiles",
				"0", "--warmup-seconds", "1");

		List<String> lines = Files.readAllLines(run.dir().resolve("warmup.txt"));
		assertThat(lines).hasSizeLessThan(10);
		assertThat(lines.get(lines.size() - 1)).matches("round=\\d+ .* elapsed_s=[1-9]\\d* .* ended=seconds");
		assertThat(lines.subList(0, lines.size() - 1)).allSatisfy((line) -> assertThat(line).contains(" elapsed_s=0 "));
	}

	/** An app the run did not start: no process to watch, so one round is all it gets. */
	@Test
	void anAppGivenByItsUrlGetsOneRoundUnwatched() throws IOException {
		VariantRun run = warmUp(new WatchedApp(OptionalLong.empty(), () -> true), "-w", "100", "-c", "5");

		assertThat(Files.readAllLines(run.dir().resolve("warmup.txt"))).singleElement().asString()
			.matches("round=1 requests=300 jit_share=unknown elapsed_s=\\d+ compiled=unknown pending=unknown"
					+ " compiles=unknown compiles_per_1000=unknown ended=unwatched");
	}

	@Test
	void noWarmupWithWarmupZeroAndNoRoundForAnAppThatExited() {
		VariantRun none = warmUp(app.watched(), "-w", "0");
		assertThat(none.dir().resolve("warmup.txt")).doesNotExist();

		VariantRun exited = warmUp(new WatchedApp(OptionalLong.of(1), () -> false), "-w", "100", "-c", "5");
		assertThat(exited.dir().resolve("warmup.txt")).isEmptyFile();
		assertThat(exited.dir().resolve("warmup1-add.ab.txt")).doesNotExist();
		assertThat(this.scrapes).hasValue(0);
	}

	private VariantRun warmUp(WatchedApp watched, String... args) {
		RunContext context = app.context(this.folder, SettingsForTests.of(Map.of(), args));
		VariantRun run = app.variantRun(context);
		new WarmUpRounds(context, (scraped) -> this.scrapes.incrementAndGet(), app::freshIds).run(run, watched);
		return run;
	}

}
