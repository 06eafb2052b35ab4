package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.Records;

/** bench.sh's open-loop files as bench.sh writes them, read back into the report's rates and capacity tables. */
class OpenLoopSectionTest {

	private static final String PUBLISHED = "string-per-key-none-single";

	private static final String PIPELINE = "string-pipeline-none-single";

	@TempDir
	Path output;

	@Test
	void ranksTheVariantsByTheirMedianCapacityAgainstThePublishedApp() throws IOException {
		settings("slo=p99=20ms\nslo_start=50\nslo_precision_percent=20\nslo_max=20000\nslo_searches=2\n");
		variant(PUBLISHED, "per-key");
		search(PUBLISHED, 1, 400, 450, step(50, 7.0, 0), step(400, 14.0, 0), step(450, 38.0, 0));
		search(PUBLISHED, 2, 300, 400, step(300, 12.0, 0), step(400, 25.0, 0));
		variant(PIPELINE, "pipeline");
		search(PIPELINE, 1, 1400, 1600, step(1400, 19.0, 0), step(1600, 12.0, 3));
		search(PIPELINE, 2, 1200, 1400, step(1200, 11.0, 0), step(1400, 21.0, 0));

		List<String> rows = rows(write(), "| 1 |", "| 2 |");
		// medians of the two searches: 1,300 and 350; the pipeline's step at 1,600 missed by its errors
		assertEquals("| 1 | " + PIPELINE + " | 1,300 (1,200–1,400) | 3.71 | 1,500 (1,400–1,600) | r1 s1: 1,400 (19.00), "
				+ "1,600 ✗ (12.00); r1 s2: 1,200 (11.00), 1,400 ✗ (21.00) |", rows.get(0));
		assertEquals("| 2 | " + PUBLISHED + " | 350 (300–400) | 1.00 | 425 (400–450) | r1 s1: 50 (7.00), 400 (14.00), "
				+ "450 ✗ (38.00); r1 s2: 300 (12.00), 400 ✗ (25.00) |", rows.get(1));
	}

	@Test
	void aFirstRateMissedIsACapacityOfZeroAndNoRatioWithoutThePublishedApp() throws IOException {
		settings("slo=p99=20ms\nslo_start=50\nslo_precision_percent=10\nslo_max=20000\nslo_searches=1\n");
		variant(PIPELINE, "pipeline");
		search(PIPELINE, 1, 0, 50, step(50, 120.0, 0));

		String text = write();
		assertEquals(List.of("| 1 | " + PIPELINE + " | 0 | – | 50 | r1 s1: 50 ✗ (120.0) |"), rows(text, "| 1 |"));
		assertTrue(text.contains("published procedure's app (not in this run"), text);
	}

	@Test
	void lagIsSaidOnlyWhereItIsAFairShareOfTheLatency() throws IOException {
		settings("slo=p99=20ms\nslo_start=50\nslo_precision_percent=20\nslo_max=20000\nslo_searches=1\n");
		variant(PUBLISHED, "per-key");
		// 3 ms late beside a p99 of 38 ms: a twelfth, noise
		search(PUBLISHED, 1, 400, 450, step(400, 14.0, 0), laggedStep(450, 38.0, 3.0));
		assertFalse(write().contains("The generator lagged"));

		// 3 ms late beside a p99 of 14 ms: a fifth of what was measured
		search(PUBLISHED, 1, 400, 450, laggedStep(400, 14.0, 3.0), step(450, 38.0, 0));
		assertTrue(write().contains("The generator lagged its schedule (p99 more than 1 ms late, and 10% of the "
				+ "step's p99) in some steps of: " + PUBLISHED + "."));
	}

	@Test
	void theRatesTableSetsAbBesideEachOfferedRate() throws IOException {
		settings("rates=100,200\nstep_seconds=5\nstep_lead_in_seconds=2\n");
		variant(PUBLISHED, "per-key");
		Files.writeString(this.output.resolve("raw/" + PUBLISHED + "/rep1/add.ab.txt"), """
				Concurrency Level:      200
				Complete requests:      2000
				Failed requests:        0
				Requests per second:    480.5 [#/sec] (mean)
				Percentage of the requests served within a certain time (ms)
				  50%    380
				  90%    420
				  99%    450
				 100%    470 (longest request)
				""");
		Path steps = Files.createDirectories(this.output.resolve("raw/" + PUBLISHED + "/rep1/open-loop"));
		Files.writeString(steps.resolve("rates-01-r100.env"), figures(100, 99.8, 4.0, 0, 0.5));
		Files.writeString(steps.resolve("rates-02-r200.env"), figures(200, 150.0, 900.0, 12, 0.5));

		String text = write();
		List<String> rows = rows(text, "| " + PUBLISHED);
		assertEquals(3, rows.size(), text);
		assertEquals("| " + PUBLISHED + " | ab -c 200, closed loop | – | 480.5 | 0 | 380.0 | 420.0 | 450.0 | – | 470.0 | |",
				rows.get(0));
		assertEquals("| " + PUBLISHED + " | open loop | 200 | 150.0 | 12 | 450.0 | 810.0 | 900.0 | 990.0 | 1,350 "
				+ "| 0.200 |", rows.get(2));
		assertFalse(text.contains("## Capacity"), text);
		assertFalse(text.contains("CPU ms a request"), "steps without CPU figures: no column, no word of it");
	}

	@Test
	void theCpuARequestOfEachProcessShowsAtEachRateAndAtEachVariantsCapacity() throws IOException {
		settings("rates=100,200\nslo=p99=20ms\nslo_start=50\nslo_precision_percent=20\nslo_max=20000\n"
				+ "slo_searches=2\n");
		variant(PUBLISHED, "per-key");
		Path steps = this.output.resolve("raw/" + PUBLISHED + "/rep1/open-loop");
		// the generator's written last, as the generator writes it; one process the report does not know of
		Files.writeString(steps.resolve("rates-01-r100.env"), figures(100, 100, 4.0, 0, 0.5)
				+ "cpu_ms_per_request_app=0.800\ncpu_ms_per_request_redis=0.200\ncpu_ms_per_request_generator=0.300\n");
		Files.writeString(steps.resolve("rates-02-r200.env"), figures(200, 200, 5.0, 0, 0.5)
				+ "cpu_ms_per_request_zebra=0.010\ncpu_ms_per_request_app=0.700\ncpu_ms_per_request_generator=0.250\n");
		search(PUBLISHED, 1, 400, 450, cpuStep(200, 3.0, "cpu_ms_per_request_app=5.000\n"),
				cpuStep(400, 14.0, "cpu_ms_per_request_app=0.900\ncpu_ms_per_request_redis=0.250\n"
						+ "cpu_ms_per_request_generator=0.100\n"),
				step(450, 38.0, 0));
		search(PUBLISHED, 2, 300, 400, cpuStep(300, 12.0, "cpu_ms_per_request_app=0.700\n"
				+ "cpu_ms_per_request_redis=0.150\ncpu_ms_per_request_generator=0.120\n"), step(400, 25.0, 0));
		// steps written before the figures: none at its capacity
		variant(PIPELINE, "pipeline");
		search(PIPELINE, 1, 1400, 1600, step(1400, 19.0, 0), step(1600, 30.0, 0));

		String text = write();
		assertTrue(text.contains("| variant | load | offered/s | achieved/s | errors | p50 ms | p90 ms | p99 ms | "
				+ "p99.9 ms | max ms | generator | CPU ms a request: app · redis · zebra · generator |"), text);
		List<String> rates = rows(text, "| " + PUBLISHED + " | open loop");
		assertEquals(List.of(
				"| " + PUBLISHED + " | open loop | 100 | 100.0 | 0 | 2.00 | 3.60 | 4.00 | 4.40 | 6.00 | 0.200 "
						+ "| 0.800 · 0.200 · – · 0.300 |",
				"| " + PUBLISHED + " | open loop | 200 | 200.0 | 0 | 2.50 | 4.50 | 5.00 | 5.50 | 7.50 | 0.200 "
						+ "| 0.700 · – · 0.010 · 0.250 |"),
				rates);
		assertTrue(text.contains("| rank | variant | capacity req/s | × published | lowest missed req/s | search | "
				+ "CPU ms a request at capacity: app · redis · zebra · generator |"), text);
		List<String> capacity = rows(text, "| 1 |", "| 2 |");
		// the knee of each search, 400 and 300/s, not the steps below or above it: medians of the two
		assertTrue(capacity.get(0).startsWith("| 1 | " + PIPELINE + " | 1,400 |"), capacity.get(0));
		assertTrue(capacity.get(0).endsWith(" | – · – · – · – |"), capacity.get(0));
		assertTrue(capacity.get(1).endsWith(" | 0.800 · 0.200 · – · 0.110 |"), capacity.get(1));
		assertTrue(text.contains("*CPU ms a request* (app · redis · zebra · generator; medians) is each process's "
				+ "CPU in a step's counted seconds divided by the answers without error in them"), text);
	}

	@Test
	void theRunQueueWaitOfEachProcessShowsBesideItsCpuAtEachRateAndAtCapacity() throws IOException {
		settings("rates=100\nslo=p99=20ms\nslo_start=50\nslo_precision_percent=20\nslo_max=20000\nslo_searches=1\n");
		variant(PUBLISHED, "per-key");
		Path steps = this.output.resolve("raw/" + PUBLISHED + "/rep1/open-loop");
		Files.writeString(steps.resolve("rates-01-r100.env"), figures(100, 100, 4.0, 0, 0.5)
				+ "cpu_ms_per_request_app=0.800\ncpu_ms_per_request_generator=0.300\n"
				+ "runqueue_ms_per_s_app=120.500\nruntime_ms=1\nrunqueue_ms_per_s_redis=4.000\n"
				+ "runqueue_ms_per_s_generator=30.000\ncpus_allowed_app=1\ngenerator_nice=5\n");
		search(PUBLISHED, 1, 400, 450,
				cpuStep(400, 14.0, "cpu_ms_per_request_app=0.900\nrunqueue_ms_per_s_app=600.000\n"),
				step(450, 38.0, 0));

		String text = write();
		assertTrue(text.contains("| p99.9 ms | max ms | generator | CPU ms a request: app · generator | "
				+ "run-queue ms a second: app · redis · generator |"), text);
		assertEquals(List.of("| " + PUBLISHED + " | open loop | 100 | 100.0 | 0 | 2.00 | 3.60 | 4.00 | 4.40 | 6.00 "
				+ "| 0.200 | 0.800 · 0.300 | 120.5 · 4.00 · 30.00 |"), rows(text, "| " + PUBLISHED + " | open loop"));
		assertTrue(text.contains("| search | CPU ms a request at capacity: app · generator | "
				+ "run-queue ms a second at capacity: app · redis · generator |"), text);
		assertTrue(rows(text, "| 1 |").get(0).endsWith(" | 0.900 · – | 600.0 · – · – |"), text);
		assertTrue(text.contains("*run-queue ms a second* (app · redis · generator; medians) is how long each "
				+ "process's threads waited for a CPU"), text);
	}

	@Test
	void theSlowestRequestsSharesShowBesideAllRequestsAtEachRateAndAtCapacity() throws IOException {
		settings("rates=100\nslo=p99=20ms\nslo_start=50\nslo_precision_percent=20\nslo_max=20000\nslo_searches=1\n");
		variant(PUBLISHED, "per-key");
		Path steps = this.output.resolve("raw/" + PUBLISHED + "/rep1/open-loop");
		// a Redis the run did not start: no share of its events
		Files.writeString(steps.resolve("rates-01-r100.env"), figures(100, 100, 4.0, 0, 0.5)
				+ "slowest_requests=2\nslowest_from_ms=3.900\nslowest_percent_app_safepoint=50.000\n"
				+ "all_percent_app_safepoint=0.500\nslowest_percent_generator_late=0.000\n"
				+ "all_percent_generator_late=1.250\nslowest_runqueue_ms_per_s_app=300.000\n");
		search(PUBLISHED, 1, 400, 450, cpuStep(400, 14.0, "slowest_requests=8\nslowest_percent_app_safepoint=12.500\n"
				+ "all_percent_app_safepoint=3.000\nslowest_percent_redis_latency_event=100.000\n"
				+ "all_percent_redis_latency_event=20.000\nslowest_percent_generator_late=25.000\n"
				+ "all_percent_generator_late=2.000\n"), step(450, 38.0, 0));

		String text = write();
		assertTrue(text.contains("| max ms | generator | slowest 1% / all, %: app_safepoint · redis_latency_event · "
				+ "generator_late |"), text);
		assertEquals(List.of("| " + PUBLISHED + " | open loop | 100 | 100.0 | 0 | 2.00 | 3.60 | 4.00 | 4.40 | 6.00 "
				+ "| 0.200 | 50.0/0.5 · –/– · 0.0/1.3 |"), rows(text, "| " + PUBLISHED + " | open loop"));
		assertTrue(text.contains("| search | slowest 1% / all, % at capacity: app_safepoint · redis_latency_event · "
				+ "generator_late |"), text);
		assertTrue(rows(text, "| 1 |").get(0).endsWith(" | 12.5/3.0 · 100.0/20.0 · 25.0/2.0 |"), text);
		assertTrue(text.contains("*slowest 1% / all, %* (app_safepoint · redis_latency_event · generator_late; "
				+ "medians) is, per cause, the share of a step's slowest 1% of requests"), text);
		assertFalse(text.contains("run-queue ms a second"), "the slowest requests' wait is no process's own");
	}

	@Test
	void aRunWithoutOpenLoopStepsWritesNothing() {
		assertEquals("", write());
	}

	private String write() {
		Markdown md = new Markdown();
		new OpenLoopSection(OpenLoopRuns.load(this.output), List.of()).writeTo(md, Records.results(List.of(), List.of()));
		return md.text();
	}

	private static List<String> rows(String text, String... starts) {
		return text.lines().filter(line -> List.of(starts).stream().anyMatch(line::startsWith)).toList();
	}

	private void settings(String openLoop) throws IOException {
		Path env = Files.createDirectories(this.output.resolve("raw/env"));
		Files.writeString(env.resolve("open-loop.env"), openLoop);
		Files.writeString(env.resolve("settings.env"), "variants=" + PUBLISHED + "," + PIPELINE + "\n");
	}

	private void variant(String name, String mode) throws IOException {
		Path dir = Files.createDirectories(this.output.resolve("raw/" + name + "/rep1/open-loop"));
		Files.writeString(dir.resolve("../../variant.env").normalize(), "app=string\nmode=" + mode
				+ "\ncompression=none\ntopology=single\nredis_rtt=0\napp_rtt=0\nlayout=string-per-key\n");
	}

	/** A search's result and its steps, in order, replacing any the variant had. */
	private void search(String variant, int search, long capacity, long lowestMissed, Step... steps)
			throws IOException {
		Path rep = this.output.resolve("raw/" + variant + "/rep1");
		Files.writeString(rep.resolve("slo" + search + ".env"),
				"capacity_rps=" + capacity + "\nlowest_missed_rps=" + lowestMissed + "\n");
		try (var old = Files.list(rep.resolve("open-loop"))) {
			for (Path file : old.filter(f -> f.getFileName().toString().startsWith("slo" + search + "-")).toList()) {
				Files.delete(file);
			}
		}
		for (int i = 0; i < steps.length; i++) {
			Step step = steps[i];
			Files.writeString(rep.resolve("open-loop/slo%d-%02d-r%d.env".formatted(search, i + 1, step.rate)),
					figures(step.rate, step.rate, step.p99Ms, step.errors, step.lagMs) + step.cpu);
		}
	}

	private static Step step(long rate, double p99Ms, long errors) {
		return new Step(rate, p99Ms, errors, 0.4, "");
	}

	private static Step laggedStep(long rate, double p99Ms, double lagMs) {
		return new Step(rate, p99Ms, 0, lagMs, "");
	}

	/** A step meeting p99 ≤ 20 ms, with these lines of CPU ms a request. */
	private static Step cpuStep(long rate, double p99Ms, String cpu) {
		return new Step(rate, p99Ms, 0, 0.4, cpu);
	}

	/** A step's file: 2 s of requests at the offered rate, p50 half its p99, p90 0.9 of it, p99.9 1.1, max 1.5. */
	private static String figures(double offered, double achieved, double p99Ms, long errors, double lagMs) {
		return """
				offered_rps=%s
				sent=%d
				achieved_rps=%s
				errors=%d
				p50_ms=%s
				p90_ms=%s
				p99_ms=%s
				p99.9_ms=%s
				max_ms=%s
				lag_p99_ms=%s
				client_cpu_cores=0.2
				""".formatted(offered, Math.round(offered * 2), achieved, errors, p99Ms / 2, p99Ms * 0.9, p99Ms, p99Ms * 1.1, p99Ms * 1.5,
				lagMs);
	}

	private record Step(long rate, double p99Ms, long errors, double lagMs, String cpu) {
	}

}
