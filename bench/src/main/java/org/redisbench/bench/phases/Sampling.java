package org.redisbench.bench.phases;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.BenchSettings;
import org.redisbench.processes.ClockTicks;
import org.redisbench.bench.run.EpochTime;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.RedisCli;
import org.redisbench.bench.stores.Stores;
import org.redisbench.bench.stores.Topology;
import org.redisbench.processes.ChildProcess;
import org.redisbench.tooloutput.ProcStat;

/**
 * Samples over time during every measured phase, raw beside the phase's snapshots, one long-lived process a
 * source: a {@code redis-cli -r -1 -i S INFO} a node ({@code PHASE.samples<tag>.info.txt}), a curl scraping the
 * app's short /actuator/prometheus at its --rate ({@code PHASE.samples.prometheus.txt}), memcached's stats
 * ({@code PHASE.samples.memcached-stats.txt}); what the samplers cost in CPU into {@code PHASE.samples.cost.txt}.
 * Off with --sample-interval 0.
 * <p>
 * Chosen by measurement (docs/bench.md "Over time"): one long-lived process per source, never a process per sample.
 * Redis: a connection kept open, each INFO carrying its own server_time_usec. The app: one curl whose --rate spaces
 * the scrapes on one kept-alive connection. Memcached: one curl on a telnet:// connection, fed {@code stats} by a
 * thread of this JVM ({@code memcached-feed} in the cost file: that thread's CPU, from the JVM's own count).
 */
public final class Sampling implements AutoCloseable {

	/**
	 * The app's metrics a sample keeps: requests by endpoint and status with their p99, CPU, GC pauses, and the clock
	 * (start + uptime) that dates the sample.
	 */
	static final String SAMPLED_METRICS = "http_server_requests_seconds,jvm_gc_pause_seconds,process_cpu_time_ns"
			+ ",process_cpu_usage,process_uptime_seconds,process_start_time_seconds";

	private static final Duration STOP_WAIT = Duration.ofSeconds(10);

	private final RunContext context;

	private final RedisCli cli;

	private final BigDecimal interval;

	private final long scrapesPerHour;

	/** The samplers of the phase running now, for {@link #stop} and {@link #close}. */
	private final List<Sampler> samplers = new ArrayList<>();

	/** When the phase's samplers were started, as written to {@code PREFIX.samples.start}. */
	private String started = "";

	public Sampling(RunContext context, Stores stores) {
		this(context, stores.cli());
	}

	/** With the redis-cli the Redis samplers run as: the run's {@link Stores#cli()}. */
	public Sampling(RunContext context, RedisCli cli) {
		this.context = context;
		this.cli = cli;
		this.interval = context.settings().sampleInterval();
		this.scrapesPerHour = scrapesPerHour(this.interval);
	}

	/**
	 * What the apps the run starts get in their environment with sampling on: the p99 of their requests over about
	 * three samples (Micrometer's percentile settings); nothing with sampling off.
	 */
	public static Map<String, String> appEnvironment(BenchSettings settings) {
		long scrapes = scrapesPerHour(settings.sampleInterval());
		if (scrapes == 0) {
			return Map.of();
		}
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("MANAGEMENT_METRICS_DISTRIBUTION_PERCENTILES_HTTP_SERVER_REQUESTS", "0.99");
		environment.put("MANAGEMENT_METRICS_DISTRIBUTION_EXPIRY_HTTP_SERVER_REQUESTS", 3 * 3_600_000 / scrapes + "ms");
		environment.put("MANAGEMENT_METRICS_DISTRIBUTION_BUFFER_LENGTH_HTTP_SERVER_REQUESTS", "3");
		return environment;
	}

	/** curl's --rate counts scrapes per hour: 3600 / the interval, cut to a whole number; 0 turns sampling off. */
	static long scrapesPerHour(BigDecimal interval) {
		return interval.signum() > 0 ? BigDecimal.valueOf(3600).divide(interval, 0, RoundingMode.DOWN).longValueExact()
				: 0;
	}

	/** The phase's samplers, writing {@code prefix.samples*}. */
	public void start(VariantRun run, Path prefix) {
		start(run.topology(), run.url(), prefix);
	}

	/** The phase's samplers of the store's {@code topology} and of the app at {@code url}. */
	public synchronized void start(Topology topology, String url, Path prefix) {
		if (this.scrapesPerHour == 0) {
			return;
		}
		String seconds = this.interval.toPlainString();
		if (topology.isMemcached()) {
			sampleMemcached(topology.first(), RawFiles.named(prefix, ".samples.memcached-stats.txt"));
		}
		else {
			for (int k = 1; k <= topology.nodes().size(); k++) {
				List<String> command = this.cli.command(topology.nodes().get(k - 1),
						List.of("-r", "-1", "-i", seconds, "INFO"));
				this.samplers.add(process("redis-cli" + topology.nodeTag(k), command,
						RawFiles.named(prefix, ".samples" + topology.nodeTag(k) + ".info.txt"), this.cli.environment()));
			}
		}
		// [1-999999] makes it a URL per scrape, --rate spaces them.
		List<String> curl = this.context.placement().atClient(List.of("curl", "-sS", "--rate",
				this.scrapesPerHour + "/h", "-w", "# sample end\\n",
				url + "/actuator/prometheus?includedNames=" + SAMPLED_METRICS + "&sample=[1-999999]"));
		this.samplers.add(process("curl", curl, RawFiles.named(prefix, ".samples.prometheus.txt"), Map.of()));
		this.started = EpochTime.now();
		RawFiles.write(RawFiles.named(prefix, ".samples.start"), this.started + "\n");
	}

	/** Ends the phase's samplers, first writing what each cost into {@code prefix.samples.cost.txt}. */
	public synchronized void stop(Path prefix) {
		if (this.samplers.isEmpty()) {
			return;
		}
		StringBuilder cost = new StringBuilder();
		cost.append("clock_ticks_per_second=").append(ClockTicks.perSecond()).append('\n');
		// Both ends as read; run-results' SamplingCost takes the difference.
		cost.append("started=").append(this.started).append('\n');
		cost.append("ended=").append(EpochTime.now()).append('\n');
		for (Sampler sampler : this.samplers) {
			OptionalLong ticks = sampler.ticks();
			cost.append(sampler.name()).append('=')
				.append(ticks.isPresent() ? String.valueOf(ticks.getAsLong()) : "unknown")
				.append('\n');
		}
		RawFiles.write(RawFiles.named(prefix, ".samples.cost.txt"), cost.toString());
		close();
	}

	/** Stops any sampler still running (a run stopped mid-phase, from whichever thread stops it). */
	@Override
	public synchronized void close() {
		this.samplers.forEach(Sampler::end);
		this.samplers.clear();
	}

	/**
	 * {@code stats} every interval into {@code file}, each reply after a {@code time=<epoch seconds>} line, the form
	 * run-results' StoreSamples reads. One curl holds the connection (telnet://) and copies the replies; a thread of
	 * ours feeds it the requests and dates them, where bash had a loop of builtins: reading the replies itself, a
	 * byte a read(2), cost bash 1% of a core.
	 */
	private void sampleMemcached(Node node, Path file) {
		// curl ends neither at the end of its input nor when memcached goes: it is stopped as a sampler, or with the
		// JVM as every child of ours.
		ChildProcess curl = started(this.context.placement().atClient(List.of("curl", "-sSN", "telnet://" + node)),
				file, Map.of());
		this.samplers.add(new ProcessSampler("memcached-curl", curl.pid(), () -> curl.stop(STOP_WAIT)));
		this.samplers.add(new MemcachedFeed(curl.input(), file,
				Duration.ofNanos(this.interval.movePointRight(9).longValue())));
	}

	private Sampler process(String name, List<String> command, Path file, Map<String, String> handedOver) {
		ChildProcess child = started(command, file, handedOver);
		return new ProcessSampler(name, child.pid(), () -> child.stop(STOP_WAIT));
	}

	/** A sampler's process, its output into {@code file}, emptied first. */
	private ChildProcess started(List<String> command, Path file, Map<String, String> handedOver) {
		RawFiles.write(file, "");
		try {
			return ChildProcess.start(file.getParent(), command, file, handedOver);
		}
		catch (UncheckedIOException ex) {
			throw this.context.log().failure(ex.getMessage());
		}
	}

	/** One sampler of a phase: its name in the cost file, its CPU so far, and how it ends. */
	private interface Sampler {

		String name();

		/** Its CPU so far (user + system) in clock ticks; empty when it cannot be read (it has ended). */
		OptionalLong ticks();

		void end();

	}

	/** A sampler process: its CPU read from /proc/PID/stat. */
	private record ProcessSampler(String name, long pid, Runnable stopping) implements Sampler {

		@Override
		public OptionalLong ticks() {
			return ProcStat.read(this.pid).map((stat) -> OptionalLong.of(stat.cpuTicks())).orElse(OptionalLong.empty());
		}

		@Override
		public void end() {
			this.stopping.run();
		}

	}

	/**
	 * The requests of the memcached sampler on curl's standard input, their dates into the samples file, until
	 * ended. Its CPU is its thread's, as the JVM counts it, in clock ticks.
	 */
	private static final class MemcachedFeed implements Sampler {

		private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

		private final OutputStream requests;

		private final Path file;

		private final Duration interval;

		private final Thread thread = new Thread(this::feed, "memcached-feed");

		MemcachedFeed(OutputStream requests, Path file, Duration interval) {
			this.requests = requests;
			this.file = file;
			this.interval = interval;
			this.thread.setDaemon(true);
			this.thread.start();
		}

		private void feed() {
			try (OutputStream out = this.requests) {
				while (!Thread.currentThread().isInterrupted()) {
					Files.writeString(this.file, "time=" + EpochTime.now() + "\n", StandardCharsets.UTF_8,
							StandardOpenOption.APPEND);
					out.write("stats\r\n".getBytes(StandardCharsets.US_ASCII));
					out.flush();
					Thread.sleep(this.interval.toMillis(), this.interval.toNanosPart() % 1_000_000);
				}
			}
			catch (InterruptedException | IOException ended) {
				// end() came, or curl is gone (ended, or memcached closed the connection): nothing more to feed.
			}
		}

		@Override
		public String name() {
			return "memcached-feed";
		}

		@Override
		public OptionalLong ticks() {
			long nanos = THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(this.thread.getId()) : -1;
			return nanos < 0 ? OptionalLong.empty()
					: OptionalLong.of(nanos * ClockTicks.perSecond() / TimeUnit.SECONDS.toNanos(1));
		}

		@Override
		public void end() {
			this.thread.interrupt();
			try {
				this.thread.join(STOP_WAIT.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
