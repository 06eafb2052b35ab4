package org.redisbench.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare end to end on run folders: its files, its verdicts and --fail-above (its command line: CompareCommandTest). */
class CompareTest {

	@TempDir
	Path temp;

	/** The output folder of the last comparison. */
	private Path out;

	private int comparisons;

	/**
	 * 4 repetitions a side, every /add rate of NEW below every one of BASE: p = 2 / C(8, 4) = 0.029, worse, by the
	 * median of the 16 ratios NEW / BASE; /check's rates, the same 4 times in both, tie: p 1, "~".
	 */
	@Test
	void fourRepetitionsASideAreTestedPerRepetition() {
		Path base = run("base", 430, 435, 440, 445);
		Path next = run("new", 300, 305, 310, 315);

		assertEquals(1, compare("--fail-above", "10", base.toString(), next.toString()));

		JsonNode add = row(0, Runs.STRING, "add_rps");
		assertEquals("worse", add.get("verdict").asString());
		assertEquals(2.0 / 70, add.get("p_value").asDouble(), 1e-12);
		assertEquals("repetitions", add.get("base").get("kind").asString());
		assertEquals(4, add.get("new").get("n").asInt());
		assertEquals(437.5, add.get("base").get("median").asDouble(), 1e-9);
		// The median of the 16 ratios, taken between their logarithms: the middle two are 305/435 and 310/440.
		assertEquals(Math.sqrt(305.0 / 435 * 310.0 / 440) * 100 - 100, add.get("change_percent").asDouble(), 1e-9);
		assertEquals(true, add.get("exact").asBoolean());
		JsonNode check = row(0, Runs.STRING, "check_rps");
		assertEquals("~", check.get("verdict").asString());
		assertEquals(1, check.get("p_value").asDouble(), 1e-12);
		JsonNode kryo = row(0, Runs.KRYO, "add_rps");
		assertEquals("too few", kryo.get("verdict").asString(), "kryo ran once in each");
		assertEquals(1, json().get("exit_status").asInt());
		assertEquals("add_rps", json().get("fail_above").get("failed").get(0).get("figure").asString());
		String md = Runs.read(this.out.resolve("compare.md"));
		assertTrue(md.contains("| " + Runs.STRING + " | /add requests/s | 437.5 | 307.5 | -29.7% | "), md);
		assertTrue(md.contains("| 0.03 | **worse** | 4 vs 4 repetitions, exact |"), md);
		assertTrue(md.contains("1 figure of new got significantly worse by more than 10.00%: exit status 1."), md);
		assertTrue(md.contains("Too few samples for any verdict"), md);
	}

	/** The same runs with a bar the change does not pass: exit 0; and without one, exit 0 and no verdict for CI. */
	@Test
	void aChangeWithinTheBarPasses() {
		Path base = run("base", 430, 435, 440, 445);
		Path next = run("new", 300, 305, 310, 315);

		assertEquals(0, compare("--fail-above", "40", base.toString(), next.toString()));
		assertEquals(0, compare(base.toString(), next.toString()));
		assertTrue(json().get("fail_above").isNull());
	}

	/** Better is not worse: NEW faster than BASE passes any bar. */
	@Test
	void aChangeForTheBetterNeverFails() {
		Path base = run("base", 300, 305, 310, 315);
		Path next = run("new", 430, 435, 440, 445);

		assertEquals(0, compare("--fail-above", "0", base.toString(), next.toString()));
		assertEquals("better", row(0, Runs.STRING, "add_rps").get("verdict").asString());
	}

	/** What differed comes first: the commit and the setting that made NEW slower, each run's value. */
	@Test
	void whatDifferedIsListedFirst() {
		Path base = run("base", 430);
		Path next = run("new", 300);
		Runs.setting(next, "git_commit", "abc1234");
		Runs.setting(next, "java_opts", "-Xmx512m -Dbench.add-delay=5ms");

		assertEquals(0, compare(base.toString(), next.toString()));

		String md = Runs.read(this.out.resolve("compare.md"));
		assertTrue(md.indexOf("## What differed") < md.indexOf("## Changes"), md);
		assertTrue(md.contains("| commit | 4335367-dirty | abc1234 |"), md);
		assertTrue(md.contains("| bench.sh java_opts | – | -Xmx512m -Dbench.add-delay=5ms |"), md);
		assertTrue(md.contains("The same in all: host vm; CPU AMD EPYC;"), md);
		assertTrue(md.contains("Besides the commit, 1 thing differed"), md);
		JsonNode differences = json().get("differences");
		assertEquals("commit", differences.get(0).get("what").asString());
		assertEquals("abc1234", differences.get(0).get("values").get(1).asString());
	}

	/**
	 * One repetition a side, sampled: the per-second samples are tested, in batch means. 60 samples a side of
	 * independent noise around 400 and 300 requests/s, CPU 2 ms and 2.5 ms a request: both worse; the same samples on
	 * both sides: "~". The intervals without requests around the load count for nothing.
	 */
	@Test
	void oneRepetitionASideIsTestedOnItsPerSecondSamples() {
		SplittableRandom random = new SplittableRandom(42);
		// Two intervals before the load started and three after it ended, as a busy machine's samplers leave them.
		double[] before = idleAround(noise(random, 60, 400, 20));
		double[] after = idleAround(noise(random, 60, 300, 20));
		Path base = run("base", 430);
		Path next = run("new", 430);
		Path same = run("same", 430);
		Runs.perSecond(base, "string", "add", before, 2.0);
		Runs.perSecond(next, "string", "add", after, 2.5);
		Runs.perSecond(same, "string", "add", before, 2.0);

		assertEquals(1, compare("--fail-above", "10", base.toString(), next.toString()));

		JsonNode rate = row(0, Runs.STRING, "add_rps");
		assertEquals("batch means", rate.get("base").get("kind").asString());
		assertEquals("worse", rate.get("verdict").asString());
		assertTrue(rate.get("p_value").asDouble() < 0.001, rate.toString());
		assertEquals(-25, rate.get("change_percent").asDouble(), 5);
		assertTrue(rate.get("base").get("batch_length").asInt() >= 3);
		assertEquals(60, rate.get("base").get("per_second_samples").asInt(),
				"the idle intervals, and the one the load ended in, are left out");
		JsonNode cpu = row(0, Runs.STRING, "add_cpu_ms");
		assertEquals("worse", cpu.get("verdict").asString());
		assertEquals(25, cpu.get("change_percent").asDouble(), 1e-3);
		assertEquals(2.0, cpu.get("base").get("median").asDouble(), 1e-4);
		String md = Runs.read(this.out.resolve("compare.md"));
		assertTrue(md.contains("Figures tested on per-second samples (batch means)"), md);

		assertEquals(0, compare("--fail-above", "10", base.toString(), same.toString()));
		assertEquals("~", row(0, Runs.STRING, "add_rps").get("verdict").asString());
		assertEquals(1, row(0, Runs.STRING, "add_rps").get("p_value").asDouble(), 1e-12);
	}

	/** Three runs are a trend: each against BASE; --fail-above judges the last. */
	@Test
	void moreRunsAreATrendAgainstTheBase() {
		Path base = run("base", 430, 435, 440, 445);
		Path slower = run("slower", 300, 305, 310, 315);
		Path again = run("again", 431, 436, 441, 446);

		assertEquals(0, compare("--fail-above", "10", base.toString(), slower.toString(), again.toString()));

		assertEquals(2, json().get("comparisons").size());
		assertEquals("worse", row(0, Runs.STRING, "add_rps").get("verdict").asString());
		assertEquals("~", row(1, Runs.STRING, "add_rps").get("verdict").asString());
		assertEquals("new", json().get("runs").get(2).get("role").asString());
		String md = Runs.read(this.out.resolve("compare.md"));
		assertTrue(md.contains("## Changes, slower against BASE") && md.contains("## Changes, again against BASE"), md);
	}

	private Path run(String name, double... addRates) {
		Path run = Runs.copy(this.temp.resolve(name));
		Runs.addRates(run, "string", addRates);
		return run;
	}

	/** Compare with --output a folder of its own, which {@link #out} then names. */
	private int compare(String... args) {
		this.out = this.temp.resolve("out" + ++this.comparisons);
		List<String> all = new ArrayList<>(List.of("--output", this.out.toString()));
		all.addAll(List.of(args));
		return CommandLines.execute(new CompareCommand(), all.toArray(String[]::new));
	}

	private JsonNode json() {
		return JsonMapper.builder().build().readTree(this.out.resolve("compare.json").toFile());
	}

	private JsonNode row(int comparison, String variant, String figure) {
		for (JsonNode row : json().get("comparisons").get(comparison).get("rows")) {
			if (row.get("variant").asString().equals(variant) && row.get("figure").asString().equals(figure)) {
				return row;
			}
		}
		throw new AssertionError("no row " + variant + " " + figure);
	}

	private static double[] idleAround(double[] rates) {
		double[] idle = new double[rates.length + 5];
		System.arraycopy(rates, 0, idle, 2, rates.length);
		return idle;
	}

	private static double[] noise(SplittableRandom random, int n, double mean, double deviation) {
		double[] values = new double[n];
		for (int i = 0; i < n; i++) {
			values[i] = mean + deviation * random.nextGaussian();
		}
		return values;
	}

}
