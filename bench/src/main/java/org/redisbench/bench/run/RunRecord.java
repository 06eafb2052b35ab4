package org.redisbench.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.redisbench.bench.App;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.app.AppUnderTest;
import org.redisbench.bench.stores.Stores;
import org.redisbench.model.Batch;
import org.redisbench.processes.ClockTicks;
import org.redisbench.processes.Program;
import org.redisbench.processes.SourceCommit;
import org.redisbench.valueformat.Named;

/**
 * What a run records about itself in raw/env/: its settings (settings.env, which the report's settings section
 * prints and compare tells apart), the sampling's (over-time.env), and the machine and tools it ran on. Never the
 * Redis password.
 */
public final class RunRecord {

	/** {@code date -Is}'s form, which settings.env has always used. */
	private static final DateTimeFormatter ISO_SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx");

	private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);

	private final RunContext context;

	private final Path env;

	public RunRecord(RunContext context) {
		this.context = context;
		this.env = context.raw().resolve("env");
	}

	/**
	 * raw/env/, once the stores and the variants are known.
	 *
	 * @param profilerVersion the profiler's version when the run profiles, else empty
	 */
	public void environment(Stores stores, List<String> topologies, List<String> variantNames, String profilerVersion) {
		BenchSettings settings = this.context.settings();
		List<String> lines = new ArrayList<>();
		lines.add("# scripts/bench.sh settings");
		lines.add("requests=" + settings.requests());
		// A run of one concurrency; each variant.env names its own.
		lines.add("concurrency=" + settings.concurrencies().get(0));
		lines.add("concurrencies=" + joined(settings.concurrencies()));
		lines.add("redis_rtts=" + joined(settings.redisRtts()));
		lines.add("app_rtts=" + joined(settings.appRtts()));
		lines.add("warmup=" + settings.warmup());
		lines.add("warmup_rounds=" + settings.warmupRounds());
		lines.add("warmup_compiles=" + settings.warmupCompiles().toPlainString());
		lines.add("warmup_jit_share=" + settings.warmupJitShare().toPlainString());
		lines.add("warmup_seconds=" + settings.warmupSeconds().toSeconds());
		lines.add("repetitions=" + settings.repetitions());
		lines.add("keep_alive=" + yes(settings.keepAlive()));
		lines.add("apps=" + labels(settings.apps()));
		lines.add("modes=" + settings.modes().stream().map(Named::labelOf).collect(Collectors.joining(",")));
		lines.add("compressions=" + labels(settings.compressions()));
		lines.add("layouts=" + labels(settings.layouts()));
		lines.add("cluster_masters=" + stores.clusterMasters().size());
		lines.add("topologies=" + String.join(",", topologies));
		lines.add("stores=" + labels(settings.stores()));
		lines.add("redis_settings=" + labels(settings.redisSetups()));
		stores.memcached().ifPresent((memcached) -> lines.add("memcached_address=" + memcached));
		lines.add("variants=" + String.join(",", variantNames));
		if (!stores.clusterMasters().isEmpty()) {
			lines.add("cluster_address=" + joined(stores.clusterMasters()));
			lines.add("cluster=" + (stores.ownCluster() ? "private" : "named"));
		}
		for (App app : settings.apps()) {
			String url = settings.urls().get(app);
			lines.add(app.label() + "_app=" + (url == null ? "started by bench.sh" : "already running at " + url));
		}
		lines.add("noop_requests=" + settings.noopRequests());
		lines.add("redis_bench_requests=" + settings.redisBenchRequests());
		lines.add("strlen_sample=" + settings.strlenSample());
		lines.add("ab_timeout_s=" + settings.abTimeout().toSeconds());
		lines.add("phase_timeout_s=" + settings.phaseTimeout().toSeconds());
		lines.add("batch_size=" + Batch.SIZE);
		lines.add("redis=" + (stores.redisPid().isPresent() ? "private" : "named"));
		lines.add("redis_address=" + stores.redis());
		// the private Redis's (and cluster's) own arguments: compare lists them when two runs differ in them
		lines.add("redis_args=" + String.join(" ", shownRedisArguments(settings.redisArguments())));
		Placement placement = this.context.placement();
		lines.add("placement=" + (placement.local() ? "one host, loopback"
				: "redis[" + String.join(" ", placement.redis()) + "] app[" + String.join(" ", placement.app())
						+ "] client[" + String.join(" ", placement.client()) + "]"));
		// the CPUs of each process the run starts, as given: each step's .env has what the kernel then said
		lines.add("cpu_placement=" + settings.cpuPlacement().text());
		lines.add("generator_nice=" + settings.generatorNice());
		lines.add("step_keys=" + (settings.stepKeys().isPresent() ? settings.stepKeys().getAsInt() : "fresh"));
		lines.add("java_opts=" + String.join(" ", settings.javaOptions()));
		lines.add("app_java=" + settings.appJava());
		lines.add("app_threads=" + AppUnderTest.threads(settings));
		lines.add("app_threads_setting=" + (settings.appThreads().isPresent() ? settings.appThreads().getAsInt() : "auto"));
		lines.add("app_class_sharing=" + yes(settings.classSharing()));
		lines.add("app_jit=" + settings.jit());
		if (!profilerVersion.isEmpty()) {
			lines.add("profile=yes");
			lines.add("profile_requests=" + settings.profileRequests());
			lines.add("profile_phases=" + String.join(",", settings.profilePhases()));
			lines.add("profiler_version=" + profilerVersion);
			lines.add("profile_event=" + settings.profileEvent());
			lines.add("profile_interval=" + settings.profileInterval());
		}
		else {
			lines.add("profile=off, --no-profile");
		}
		lines.add("clk_tck=" + ClockTicks.perSecond());
		lines.add("started=" + now());
		lines.add("host=" + read(Path.of("/proc/sys/kernel/hostname")).strip());
		lines.add("git_commit=" + SourceCommit.of(this.context.repository()));
		write("settings.env", String.join("\n", lines) + "\n");
		write("over-time.env", "sample_interval=" + settings.sampleInterval().toPlainString() + "\nttl="
				+ settings.ttl().orElse("") + "\n");
		machine(stores);
	}

	/** The end of the run, in settings.env. */
	public void finished() {
		try {
			Files.writeString(this.env.resolve("settings.env"), "finished=" + now() + "\n", StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The machine and the tools: each tool's own words, as it printed them. */
	private void machine(Stores stores) {
		BenchSettings settings = this.context.settings();
		Placement placement = this.context.placement();
		write("cpuinfo.txt", read(Path.of("/proc/cpuinfo")));
		write("nproc.txt", Runtime.getRuntime().availableProcessors() + "\n");
		write("meminfo.txt", read(Path.of("/proc/meminfo")).lines().limit(3).collect(Collectors.joining("\n")) + "\n");
		tool("uname.txt", List.of("uname", "-a"));
		// The apps' java, where they run: the JDK a run's figures are of.
		List<String> java = new ArrayList<>(List.of(settings.appJava()));
		java.addAll(settings.javaOptions());
		java.add("-version");
		tool("java-version.txt", placement.atApp(java));
		stores.cli().into(this.env.resolve("redis-info-server.txt"), stores.redis(), "INFO", "server");
		if (stores.memcached().isPresent()) {
			tool("memcached-version.txt", List.of("memcached", "-V"));
		}
		if (!stores.clusterMasters().isEmpty()) {
			stores.cli().into(this.env.resolve("cluster-nodes.txt"), stores.clusterMasters().get(0), "CLUSTER", "NODES");
		}
		tool("ab-version.txt", placement.atClient(List.of("ab", "-V")));
		tool("redis-benchmark-version.txt", placement.atClient(List.of("redis-benchmark", "--version")));
		tool("sysctl.txt", placement.atClient(List.of("sysctl", "net.ipv4.ip_local_port_range", "net.ipv4.tcp_tw_reuse",
				"net.core.somaxconn")));
	}

	/** BENCH_REDIS_ARGS as settings.env records them: a password among them hidden. */
	static List<String> shownRedisArguments(List<String> arguments) {
		List<String> shown = new ArrayList<>();
		boolean hide = false;
		for (String argument : arguments) {
			shown.add(hide ? "(hidden)" : argument);
			hide = !hide && (argument.equals("--requirepass") || argument.equals("--masterauth"));
		}
		return shown;
	}

	private void tool(String file, List<String> command) {
		Program.runInto(command, TOOL_TIMEOUT, Map.of(), "", this.env.resolve(file), true);
	}

	private void write(String file, String text) {
		try {
			Files.createDirectories(this.env);
			Files.writeString(this.env.resolve(file), text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + this.env.resolve(file), ex);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			return "";
		}
	}

	private static String now() {
		return OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(ISO_SECONDS);
	}

	private static String yes(boolean value) {
		return value ? "yes" : "no";
	}

	private static String joined(List<?> items) {
		return items.stream().map(String::valueOf).collect(Collectors.joining(","));
	}

	private static String labels(List<? extends Named> words) {
		return words.stream().map(Named::label).collect(Collectors.joining(","));
	}

}
