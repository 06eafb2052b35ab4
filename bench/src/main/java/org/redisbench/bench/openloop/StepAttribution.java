package org.redisbench.bench.openloop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.redisbench.bench.run.Curl;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.stores.LatencyEvents;
import org.redisbench.bench.stores.Stores;
import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.openloop.rules.SlowestRequests;
import org.redisbench.openloop.rules.StepRequest;
import org.redisbench.tooloutput.PrometheusText;
import org.redisbench.tooloutput.SafepointLog;

/**
 * What bench adds to a step's .env beside the generator's figures, so that a slow step can be laid at a process's
 * door (issue 54): the app's GC pauses during the step, from its /actuator/prometheus scraped before and after
 * ({@code jvm_gc_pause_seconds} count and sum, the scrapes kept beside the step), and the largest latency event of a
 * Redis the run started ({@code LATENCY LATEST}, its monitor on for the step only). Both span the whole step, lead-in
 * and drain included, where the generator's figures count its counted seconds only. Then, request by request, what
 * the slowest 1% of the counted requests coincided with against all of them ({@link SlowestAttribution}): the app's
 * safepoints, Redis's latency events with their seconds, the generator's own lateness, and the run queue tick by tick.
 */
final class StepAttribution {

	private static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(10);

	private static final String GC = "jvm_gc_pause_seconds";

	private static final String BEFORE = ".prometheus-before.txt";

	private static final String AFTER = ".prometheus-after.txt";

	private final Curl curl;

	private final String scrape;

	private final Path step;

	/** The scrape before the step; empty when the app did not answer it. */
	private final Optional<String> before;

	private final Stores.LatencyWatch latency;

	private StepAttribution(Curl curl, String scrape, Path step, Optional<String> before,
			Stores.LatencyWatch latency) {
		this.curl = curl;
		this.scrape = scrape;
		this.step = step;
		this.before = before;
		this.latency = latency;
	}

	/** Scrapes the app at {@code url} into {@code STEP.env.prometheus-before.txt}; {@code latency} is already on. */
	static StepAttribution start(RunContext context, String url, Path step, Stores.LatencyWatch latency) {
		Curl curl = new Curl(context.placement());
		String scrape = url + "/actuator/prometheus?includedNames=" + GC;
		Optional<String> before = scraped(curl.get(scrape, Path.of(step + BEFORE), SCRAPE_TIMEOUT), step + BEFORE);
		return new StepAttribution(curl, scrape, step, before, latency);
	}

	/** What the step's watch found: its lines, and the spikes of a Redis the run started. */
	record Ended(String lines, Optional<LatencyEvents> redis) {
	}

	/**
	 * Ends the watch, whether the step ran or not (the monitor must not stay on), and gives the step's lines:
	 * {@code app_gc_pauses} and {@code app_gc_pause_ms} (none when either scrape failed or the app restarted in
	 * between), and {@link #latencyLines} (none without a Redis the run started).
	 */
	Ended end() {
		Optional<LatencyEvents> events = this.latency.end();
		Optional<String> after = scraped(this.curl.get(this.scrape, Path.of(this.step + AFTER), SCRAPE_TIMEOUT),
				this.step + AFTER);
		StringBuilder lines = new StringBuilder("# bench.sh's, over the whole step: the app's GC pauses, Redis's latency"
				+ " events\n");
		lines.append(gcLines(this.before, after));
		events.ifPresent((logged) -> lines.append(latencyLines(logged.maxMs())));
		return new Ended(lines.toString(), events);
	}

	/**
	 * What the slowest 1% of the step's counted requests coincided with, as the step's lines, from the generator's
	 * {@code STEP.requests} and {@code STEP.runqueue}: the app's safepoints from its log (none known without one: an
	 * app given by its URL), Redis's spikes each as the whole second Redis logged it in (none known without a Redis
	 * the run started), the generator's lateness. Nothing when the generator wrote no requests.
	 */
	static String slowestLines(Path step, Optional<LatencyEvents> redis, Optional<Path> safepoints) {
		Path requests = Path.of(step + ".requests");
		if (!Files.isRegularFile(requests)) {
			return "";
		}
		Map<String, List<SlowestAttribution.Span>> causes = new LinkedHashMap<>();
		safepoints.filter(Files::isRegularFile)
			.ifPresent((log) -> causes.put(SlowestRequests.APP_SAFEPOINT, SafepointLog.pauses(RawFiles.read(log))
				.stream()
				.map((pause) -> new SlowestAttribution.Span(pause.fromUs(), pause.toUs()))
				.toList()));
		redis.ifPresent((logged) -> causes.put(SlowestRequests.REDIS_LATENCY_EVENT, logged.spikes()
			.stream()
			.map((spike) -> new SlowestAttribution.Span(spike.unixSecond() * 1_000_000,
					spike.unixSecond() * 1_000_000 + 999_999))
			.toList()));
		Path runQueue = Path.of(step + ".runqueue");
		List<RunQueueTick> ticks = Files.isRegularFile(runQueue) ? RunQueueTick.parse(RawFiles.read(runQueue))
				: List.of();
		return "# bench.sh's: what the slowest 1% of the counted requests coincided with, against all of them\n"
				+ SlowestAttribution.of(StepRequest.parse(RawFiles.read(requests)), causes, ticks).text();
	}

	/** Redis's latency events as the step's lines: the threshold, the largest event (0: none), and each event's. */
	static String latencyLines(Map<String, Long> events) {
		StringBuilder lines = new StringBuilder("redis_latency_threshold_ms=" + Stores.LATENCY_THRESHOLD_MS + "\n");
		lines.append("redis_latency_max_ms=").append(events.values().stream().mapToLong(Long::longValue).max().orElse(0))
			.append('\n');
		events.forEach((event, ms) -> lines.append("redis_latency_max_ms_").append(event).append('=').append(ms)
			.append('\n'));
		return lines.toString();
	}

	/**
	 * The GC pauses between two scrapes, as the step's lines; none when either scrape failed, or a counter went down
	 * (the app restarted in between). Micrometer names the pauses' series at the app's first pause: a scrape without
	 * them counts none.
	 */
	static String gcLines(Optional<String> before, Optional<String> after) {
		if (before.isEmpty() || after.isEmpty()) {
			return "";
		}
		PrometheusText from = PrometheusText.parse(before.get());
		PrometheusText to = PrometheusText.parse(after.get());
		double pauses = total(to, GC + "_count") - total(from, GC + "_count");
		double seconds = total(to, GC + "_sum") - total(from, GC + "_sum");
		if (pauses < 0 || seconds < 0) {
			return "";
		}
		return String.format(Locale.ROOT, "app_gc_pauses=%d\napp_gc_pause_ms=%.3f\n", Math.round(pauses),
				seconds * 1000);
	}

	private static double total(PrometheusText scrape, String name) {
		Double sum = scrape.sum(name, Map.of());
		return sum == null ? 0 : sum;
	}

	/** What a scrape wrote; empty when curl failed. */
	private static Optional<String> scraped(Program.Ended curl, String file) {
		return curl.succeeded() ? Optional.of(RawFiles.read(Path.of(file))) : Optional.empty();
	}

	/** Appends {@link #end}'s lines to the step's file the generator wrote. */
	static void append(Path step, String lines) {
		try {
			Files.writeString(step, lines, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot append to " + step, ex);
		}
	}

}
