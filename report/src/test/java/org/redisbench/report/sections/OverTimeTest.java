package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.model.Spread;
import org.redisbench.runresults.Measure;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SamplingCost;
import org.redisbench.runresults.StoreSamples;
import org.redisbench.runresults.Timeline;
import org.redisbench.runresults.Variant;

class OverTimeTest {

	private static final Variant SINGLE = new Variant("string", "per-key", "none", "single", 1);

	private static final double START = 1_800_000_000;

	@TempDir
	Path dir;

	/** INFO replies as redis-cli -r prints them one after the other, a second apart from START. */
	private static String info(int samples, IntToDoubleFunction commands, long maxmemory) {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < samples; i++) {
			text.append(String.format(Locale.ROOT, "# Server\r\nredis_version:7.0.15\r\nserver_time_usec:%d\r\n"
					+ "# Clients\r\nconnected_clients:%d\r\n# Memory\r\nused_memory:%d\r\nused_memory_rss:%d\r\n"
					+ "maxmemory:%d\r\n# Stats\r\ntotal_commands_processed:%.0f\r\ntotal_net_input_bytes:%d\r\n"
					+ "total_net_output_bytes:%d\r\nexpired_keys:%d\r\nevicted_keys:%d\r\nkeyspace_hits:%d\r\n"
					+ "keyspace_misses:%d\r\n# CPU\r\nused_cpu_sys:%d.5\r\nused_cpu_user:%d\r\n# Keyspace\r\n"
					+ "db0:keys=%d,expires=0,avg_ttl=0\r\n\r\n", (long) ((START + i) * 1e6), 10 + i, 1_000_000 * (i + 1),
					2_000_000 * (i + 1), maxmemory, commands.applyAsDouble(i), 3_000_000L * i, 5_000_000L * i, 2L * i,
					7L * i, 3L * i, 1L * i, i / 2, i / 2, 100 * i));
		}
		return text.toString();
	}

	/** Scrapes as the sampler's curl writes them, each ended by its marker. */
	private static String scrapes(int samples, IntToDoubleFunction requests) {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < samples; i++) {
			text.append(String.format(Locale.ROOT, "# TYPE x summary\n"
					+ "http_server_requests_seconds{status=\"200\",uri=\"/add\",quantile=\"0.99\"} 0.%03d\n"
					+ "http_server_requests_seconds_count{status=\"200\",uri=\"/add\"} %.0f\n"
					+ "http_server_requests_seconds_count{status=\"200\",uri=\"/actuator/prometheus\"} %d\n"
					+ "jvm_gc_pause_seconds_sum{gc=\"G1 Young Generation\"} %.3f\n"
					+ "process_cpu_time_ns_total %.1fE9\nprocess_start_time_seconds %.3f\n"
					+ "process_uptime_seconds %d.0\n# sample end\n", 10 + i, requests.applyAsDouble(i), i, 0.002 * i,
					1.5 * i, START - 100, 100 + i));
		}
		return text.toString();
	}

	private Timeline timeline(int samples, IntToDoubleFunction requests) throws IOException {
		Files.writeString(this.dir.resolve("add.samples.info.txt"), info(samples, i -> 1000.0 * i, 64_000_000));
		Files.writeString(this.dir.resolve("add.samples.prometheus.txt"), scrapes(samples, requests));
		Files.writeString(this.dir.resolve("add.samples.start"), String.valueOf(START));
		Files.writeString(this.dir.resolve("add.samples.cost.txt"),
				"clock_ticks_per_second=100\nstarted=" + (long) START + ".250000\nended=" + ((long) START + samples) + ".250000"
						+ "\nredis-cli=3\ncurl=2\n");
		return Timeline.load(SINGLE, 1, Phase.ADD, this.dir);
	}

	@Test
	void ratesAndLevelsBetweenConsecutiveSamples() throws IOException {
		Timeline timeline = timeline(4, i -> 500.0 * i);
		assertEquals(List.of(new Timeline.Point(1, 1000), new Timeline.Point(2, 1000), new Timeline.Point(3, 1000)),
				timeline.points(Measure.STORE_OPS));
		assertEquals(4.0, timeline.last(Measure.MEMORY), "MB at the last sample");
		assertEquals(5.0, timeline.last(Measure.NET_OUT), "MB/s");
		assertEquals(7.0, timeline.last(Measure.EVICTIONS));
		assertEquals(2.0, timeline.last(Measure.EXPIRIES));
		assertEquals(75.0, timeline.last(Measure.HIT_RATE), "3 hits and 1 miss a second");
		assertEquals(300.0, timeline.last(Measure.KEYS));
		assertEquals(500.0, timeline.last(Measure.APP_REQUESTS), "only /add's requests");
		assertEquals(13.0, timeline.last(Measure.APP_P99), 1e-9);
		assertEquals(1.5, timeline.last(Measure.APP_CPU), 1e-9);
		assertEquals(2.0, timeline.last(Measure.GC_PAUSE), 1e-9);
		assertEquals(64_000_000.0, timeline.maxmemory());
		SamplingCost cost = timeline.cost();
		assertEquals(0.05, cost.samplerCpuSeconds(), 1e-9);
		assertEquals(6.0, cost.appCpuSeconds(), 1e-9, "1.5 cores over 4 s");
	}

	@Test
	void clusterMastersAreSummedSampleBySample() {
		List<Map<String, Double>> samples = StoreSamples.redis(
				List.of(info(3, i -> 10.0 * i, 0), info(2, i -> 20.0 * i, 0)));
		assertEquals(2, samples.size(), "as many as the master with fewest");
		assertEquals(30.0, samples.get(1).get(StoreSamples.COMMANDS));
		assertEquals(START + 1, samples.get(1).get(StoreSamples.TIME));
	}

	@Test
	void memcachedStatsDatedByTheSamplersLines() {
		List<Map<String, Double>> samples = StoreSamples.memcached("time=100.5\nSTAT version 1.6.18\r\n"
				+ "STAT cmd_get 4\r\nSTAT cmd_set 6\r\nSTAT cmd_touch 0\r\nSTAT bytes_written 99\r\n"
				+ "STAT rusage_user 0.25\r\nSTAT rusage_system 0.5\r\nEND\r\ntime=101.5\nSTAT cmd_get 5\r\nEND\r\n");
		assertEquals(2, samples.size());
		assertEquals(100.5, samples.get(0).get(StoreSamples.TIME));
		assertEquals(10.0, samples.get(0).get(StoreSamples.COMMANDS));
		assertEquals(0.75, samples.get(0).get(StoreSamples.CPU));
		assertEquals(99.0, samples.get(0).get(StoreSamples.NET_OUT));
	}

	@Test
	void steadyWithinTheSpreadFlaggedBeyondIt() throws IOException {
		Timeline flat = timeline(13, i -> 500.0 * i);
		SteadyState state = SteadyState.of(flat, null);
		assertTrue(state.steady());
		assertEquals(0.0, state.change(), 1e-9);
		assertFalse(state.fromSpread());
		// 500 requests a second, then 400 from the 9th second on: the last third is 20% slower
		Timeline slowing = timeline(13, i -> i <= 8 ? 500.0 * i : 4000 + 400.0 * (i - 8));
		assertFalse(SteadyState.of(slowing, null).steady(), "beyond the 10% allowed with one repetition");
		SteadyState wide = SteadyState.of(slowing, Spread.of(List.of(400.0, 500.0, 550.0)));
		assertTrue(wide.fromSpread());
		assertEquals(0.3, wide.allowed(), 1e-9);
		assertTrue(wide.steady(), "within a 30% run-to-run spread");
	}

	@Test
	void theIntervalTheLoadEndedInIsNotJudged() throws IOException {
		// 500 requests a second for 12 s, then ab ends 0.2 s into the last interval: a rate of 100
		Timeline ending = timeline(14, i -> i <= 12 ? 500.0 * i : 6000 + 100);
		assertEquals(100.0, ending.last(Measure.APP_REQUESTS), 1e-9);
		SteadyState state = SteadyState.of(ending, null);
		assertEquals(12, state.samples());
		assertEquals(0.0, state.change(), 1e-9);
		assertTrue(state.steady());
	}

	@Test
	void tooFewSamplesAreNotJudged() throws IOException {
		SteadyState state = SteadyState.of(timeline(4, i -> 500.0 * i), null);
		assertFalse(state.judged());
		assertNull(state.change());
	}

	@Test
	void sectionSaysSteadinessCostAndTheCacheLimit() throws IOException {
		Timeline timeline = timeline(13, i -> 500.0 * i);
		RunResults run = Records.results(List.of(SINGLE), List.of());
		Markdown md = new Markdown();
		new OverTimeSection(new OverTime(List.of(timeline)), List.of("over-time-add-memory.png")).writeTo(md, run);
		String text = md.text();
		assertTrue(text.contains("Steady state: 1 of 1 sampled phases steady, 0 not steady, 0 too short to tell."), text);
		assertTrue(text.contains("Sampling cost: on /add and /check at most 0."), text);
		assertTrue(text.contains("### The cache at its limit"), text);
		assertTrue(text.contains("![over time add memory](over-time-add-memory.png)"), text);
		Markdown none = new Markdown();
		new OverTimeSection(new OverTime(List.of()), List.of()).writeTo(none, run);
		assertEquals("", none.text(), "a run without samples");
	}

}
