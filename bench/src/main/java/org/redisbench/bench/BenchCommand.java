package org.redisbench.bench;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.redisbench.bench.run.BenchRun;
import org.redisbench.commandline.CompressionLabels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redis-bench bench}, which scripts/bench.sh launches: every option of the experiment and every BENCH_*
 * setting, read once and checked before anything starts ({@link BenchSettings}), then the run itself, in this JVM
 * ({@link BenchRun}). Each option sets one setting, so a preset (--quick,
 * --cache-scenario) sets several and an option after it changes one of them again: picocli calls the methods in
 * command-line order.
 */
@Command(name = "bench", sortOptions = false, usageHelpWidth = 120,
		customSynopsis = "scripts/bench.sh [options]   (or redis-bench bench [options])",
		description = { "Runs the published experiment for each app and writes results/<timestamp>/: raw outputs,"
				+ " summary.csv, summary.json, report.md and charts. The defaults reproduce the published run."
				+ " Environment variable in brackets, its value after it; docs/bench.md \"Running bench.sh\" tells"
				+ " more." },
		footer = { "%nExit status: 0 every run valid, 3 the report lists invalid runs, 1 error, 2 bad option or"
				+ " setting, 130 Ctrl-C, 143 SIGTERM." })
public final class BenchCommand implements Callable<Integer> {

	private final Function<String, String> environment;

	private final Map<Setting, String> values;

	private boolean quick;

	private boolean install = true;

	public BenchCommand() {
		this(System::getenv);
	}

	BenchCommand(Function<String, String> environment) {
		this.environment = environment;
		this.values = new EnumMap<>(Setting.read(environment));
	}

	@Spec
	void spec(CommandSpec spec) {
		BenchHelp.install(spec, this.values);
	}

	@Option(order = 1, names = "--quick",
			description = "a first answer in a few minutes: both apps, per-key and pipeline,"
				+ " -n 2000 -c 200, warm-up of at most 3 x 1000 requests an endpoint and 20 s, 1 repetition, no profiling,"
				+ " APP_CLASS_SHARING=yes unless exported; options after it change"
				+ " it (a full run is the published procedure: -n 150000, 3 repetitions)")
	@In(Topic.FIRST_LOOK)
	void quick(boolean on) {
		this.quick = true;
		set(Setting.MODES, "per-key,pipeline");
		set(Setting.REQUESTS, "2000");
		set(Setting.NOOP_REQUESTS, "2000");
		shortRun();
	}

	// The published cache: maxmemory well under what /add writes (lru: 64 bytes a person, where ours take
	// 136-250) with allkeys-lru, persons expiring after 5 to 10 minutes, 3 million written (the published cache
	// held ~3 M), none vs gzip vs zstd-dict in one run.
	@Option(order = 2, names = "--cache-scenario",
			description = "the published cache: string app, none,gzip,zstd-dict, Redis lru"
				+ " (maxmemory well under what /add writes, allkeys-lru), --ttl 300s-600s, -n 30000 (3 M persons),"
				+ " 1 repetition, no profiling; options after it change it")
	@In(Topic.FIRST_LOOK)
	void cacheScenario(boolean on) {
		set(Setting.APPS, "string");
		set(Setting.MODES, "per-key");
		set(Setting.COMPRESSION, "none,gzip,zstd-dict");
		set(Setting.REDIS_SETTINGS, "lru");
		set(Setting.TTL, "300s-600s");
		set(Setting.REQUESTS, "30000");
		set(Setting.NOOP_REQUESTS, "2000");
		shortRun();
	}

	/** What both presets share: a short warm-up and wait for an idle JIT, one repetition, no profile. */
	private void shortRun() {
		set(Setting.CONCURRENCY, "200");
		set(Setting.WARMUP, "1000");
		set(Setting.WARMUP_ROUNDS, "3");
		set(Setting.WARMUP_SECONDS, "20");
		set(Setting.JIT_IDLE_TIMEOUT, "3");
		set(Setting.REPETITIONS, "1");
		set(Setting.PROFILE, "no");
		set(Setting.REDIS_BENCH_REQUESTS, "20000");
		// A short run's apps start through their archives (on Java 25 an AOT cache): half the CPU of each of its
		// many starts, which no figure includes. It has no option, so a value the user exported is kept.
		String exported = this.environment.apply(Setting.CLASS_SHARING.variable());
		if (exported == null || exported.isEmpty()) {
			set(Setting.CLASS_SHARING, "yes");
		}
	}

	@Option(order = 3, names = { "-n", "--requests" }, paramLabel = "N", description = "requests per measured ab phase")
	@About(Setting.REQUESTS)
	void requests(String value) {
		set(Setting.REQUESTS, value);
	}

	@Option(order = 4, names = { "-c", "--concurrency" }, paramLabel = "LIST",
			description = "concurrent ab requests, each")
	@About(Setting.CONCURRENCY)
	void concurrency(String value) {
		set(Setting.CONCURRENCY, value);
	}

	@Option(order = 5, names = { "-w", "--warmup" }, paramLabel = "N",
			description = "requests an endpoint in the first warm-up round, twice as many in each next one; 0: none")
	@About(Setting.WARMUP)
	void warmup(String value) {
		set(Setting.WARMUP, value);
	}

	@Option(order = 6, names = "--warmup-rounds", paramLabel = "N",
			description = "the warm-up's length: at most N times -w requests an endpoint, in rounds that double")
	@About(Setting.WARMUP_ROUNDS)
	void warmupRounds(String value) {
		set(Setting.WARMUP_ROUNDS, value);
	}

	@Option(order = 7, names = "--warmup-compiles", paramLabel = "N",
			description = "a round whose app compiled (finished or left queued) at most N methods per 1,000 requests"
				+ " ends it")
	@About(Setting.WARMUP_COMPILES)
	void warmupCompiles(String value) {
		set(Setting.WARMUP_COMPILES, value);
	}

	@Option(order = 8, names = "--warmup-jit-share", paramLabel = "PCT",
			description = "where the app's compiler cannot be read: a round whose compiler threads took less of its CPU"
				+ " ends it")
	@About(Setting.WARMUP_JIT_SHARE)
	void warmupJitShare(String value) {
		set(Setting.WARMUP_JIT_SHARE, value);
	}

	@Option(order = 9, names = "--warmup-seconds", paramLabel = "N",
			description = "no round starts after N s, 0: no bound")
	@About(Setting.WARMUP_SECONDS)
	void warmupSeconds(String value) {
		set(Setting.WARMUP_SECONDS, value);
	}

	@Option(order = 10, names = { "-r", "--repetitions" }, paramLabel = "N",
			description = "repetitions of every variant")
	@About(Setting.REPETITIONS)
	void repetitions(String value) {
		set(Setting.REPETITIONS, value);
	}

	@Option(order = 11, names = { "-k", "--keep-alive" }, description = "ab -k")
	@About(Setting.KEEPALIVE)
	void keepAlive(boolean on) {
		set(Setting.KEEPALIVE, "yes");
	}

	@Option(order = 12, names = "--noop-requests", paramLabel = "N", description = "ab requests on /noop (empty: -n)")
	@About(Setting.NOOP_REQUESTS)
	void noopRequests(String value) {
		set(Setting.NOOP_REQUESTS, value);
	}

	@Option(order = 13, names = "--redis-bench-requests", paramLabel = "N", description = "per redis-benchmark test")
	@About(Setting.REDIS_BENCH_REQUESTS)
	void redisBenchRequests(String value) {
		set(Setting.REDIS_BENCH_REQUESTS, value);
	}

	@Option(order = 14, names = { "-a", "--apps" }, paramLabel = "LIST", completionCandidates = Labels.Apps.class,
			description = "of: ${COMPLETION-CANDIDATES}")
	@About(Setting.APPS)
	void apps(String value) {
		set(Setting.APPS, value);
	}

	@Option(order = 15, names = "--modes", paramLabel = "LIST", completionCandidates = Labels.Modes.class,
			description = "of: ${COMPLETION-CANDIDATES}")
	@About(Setting.MODES)
	void modes(String value) {
		set(Setting.MODES, value);
	}

	@Option(order = 16, names = "--compression", paramLabel = "LIST", completionCandidates = CompressionLabels.class,
			description = "of: ${COMPLETION-CANDIDATES}")
	@About(Setting.COMPRESSION)
	void compression(String value) {
		set(Setting.COMPRESSION, value);
	}

	@Option(order = 17, names = "--layouts", paramLabel = "LIST", completionCandidates = Labels.Layouts.class,
			description = "of: ${COMPLETION-CANDIDATES}; hash-bucket:"
				+ " hash-max-listpack-value 512, set on a Redis bench.sh starts")
	@About(Setting.LAYOUTS)
	void layouts(String value) {
		set(Setting.LAYOUTS, value);
	}

	@Option(order = 18, names = "--sample-interval", paramLabel = "S",
			description = "seconds between samples of the store and"
				+ " the app in each phase (0.5 too), 0: none")
	@About(Setting.SAMPLE_INTERVAL)
	void sampleInterval(String value) {
		set(Setting.SAMPLE_INTERVAL, value);
	}

	@Option(order = 19, names = "--ttl", paramLabel = "TTL",
			description = "the persons' time to live (the apps' bench.ttl):"
				+ " 300s, or 300s-600s drawn per person; none by default")
	@About(Setting.TTL)
	void ttl(String value) {
		set(Setting.TTL, value);
	}

	@Option(order = 20, names = "--rates", paramLabel = "LIST",
			description = "a step at each rate a second; ab: the rate ab's /add achieved")
	@About(Setting.RATES)
	void rates(String value) {
		set(Setting.RATES, value);
	}

	@Option(order = 21, names = "--slo", paramLabel = "OBJECTIVE",
			description = "the highest rate meeting it, e.g. p99=20ms (p50, p90, p99, p99.9)")
	@About(Setting.SLO)
	void slo(String value) {
		set(Setting.SLO, value);
	}

	@Option(order = 22, names = "--step-seconds", paramLabel = "N", description = "counted seconds of a step")
	@About(Setting.STEP_SECONDS)
	void stepSeconds(String value) {
		set(Setting.STEP_SECONDS, value);
	}

	@Option(order = 23, names = "--redis-stall", paramLabel = "MS",
			description = "CLIENT PAUSE MS WRITE once a second during"
				+ " /add, ab's and the steps', on a Redis bench.sh starts; 0: none")
	@About(Setting.REDIS_STALL)
	void redisStall(String value) {
		set(Setting.REDIS_STALL, value);
	}

	@Option(order = 41, names = "--generator-nice", paramLabel = "N",
			description = "the open-loop generator runs under nice -n N (-20 to 19, below 0 root only), so that its own"
				+ " lag does not pass for the app's latency; each step records the nice value the generator read of"
				+ " itself")
	@About(Setting.GENERATOR_NICE)
	void generatorNice(String value) {
		set(Setting.GENERATOR_NICE, value);
	}

	@Option(order = 43, names = "--step-keys", paramLabel = "fresh|N",
			description = "fresh: each step writes new ids into an emptied store, its keyspace growing; N (a multiple"
				+ " of 100): the apps' ids wrap over 1..N in every phase, and the steps neither empty the store nor"
				+ " reset the ids, so that past N persons the keyspace no longer grows")
	@About(Setting.STEP_KEYS)
	void stepKeys(String value) {
		set(Setting.STEP_KEYS, value);
	}

	@Option(order = 24, names = "--redis-rtt", paramLabel = "LIST",
			description = "between app and Redis, e.g. 0,0.2ms,1ms; 0: no proxy, 0ms: a proxy adding"
				+ " nothing, its own cost")
	@About(Setting.REDIS_RTT)
	void redisRtt(String value) {
		set(Setting.REDIS_RTT, value);
	}

	@Option(order = 25, names = "--app-rtt", paramLabel = "LIST", description = "between ab and the app")
	@About(Setting.APP_RTT)
	void appRtt(String value) {
		set(Setting.APP_RTT, value);
	}

	@Option(order = 26, names = "--store", paramLabel = "LIST", completionCandidates = Labels.Stores.class,
			description = "of: ${COMPLETION-CANDIDATES}")
	@About(Setting.STORES)
	void stores(String value) {
		set(Setting.STORES, value);
	}

	@Option(order = 27, names = "--redis-settings", paramLabel = "LIST",
			completionCandidates = Labels.RedisSetups.class,
			description = "of: ${COMPLETION-CANDIDATES}")
	@About(Setting.REDIS_SETTINGS)
	void redisSettings(String value) {
		set(Setting.REDIS_SETTINGS, value);
	}

	@Option(order = 28, names = "--redis-host", paramLabel = "HOST", description = "a Redis of yours instead")
	@About(Setting.REDIS_HOST)
	void redisHost(String value) {
		set(Setting.REDIS_HOST, value);
	}

	@Option(order = 29, names = "--redis-port", paramLabel = "PORT", description = "its port")
	@About(Setting.REDIS_PORT)
	void redisPort(String value) {
		set(Setting.REDIS_PORT, value);
	}

	@Option(order = 30, names = "--allow-flush", description = "may FLUSHALL a Redis not started here")
	@About(Setting.ALLOW_FLUSH)
	void allowFlush(boolean on) {
		set(Setting.ALLOW_FLUSH, "yes");
	}

	@Option(order = 31, names = "--cluster", paramLabel = "N", description = "also on a local N-master cluster, N >= 3")
	@About(Setting.CLUSTER)
	void cluster(String value) {
		set(Setting.CLUSTER, value);
	}

	@Option(order = 32, names = "--cluster-nodes", paramLabel = "LIST", description = "also on this cluster of yours,"
			+ " host:port,...")
	@About(Setting.CLUSTER_NODES)
	void clusterNodes(String value) {
		set(Setting.CLUSTER_NODES, value);
	}

	@Option(order = 33, names = "--build", description = "always build the jars (auto: when missing or stale)")
	@About(Setting.BUILD)
	void build(boolean on) {
		set(Setting.BUILD, "always");
	}

	@Option(order = 34, names = "--no-build", description = "never build the jars")
	@About(Setting.BUILD)
	void noBuild(boolean on) {
		set(Setting.BUILD, "never");
	}

	@Option(order = 35, names = "--app-threads", paramLabel = "N", description = "the apps' request threads"
			+ " (server.tomcat.threads.max); auto: 8 a core on a Redis of this machine, 200 across a --redis-rtt,"
			+ " --redis-host or --cluster-nodes, where each thread waits out the distance")
	@About(Setting.APP_THREADS)
	void appThreads(String value) {
		set(Setting.APP_THREADS, value);
	}

	@Option(order = 42, names = "--cpu-placement", paramLabel = "LIST",
			description = "the CPUs each process the run starts may use, every thread of it (taskset -c): redis (every"
				+ " store process), app, generator, e.g. redis=0,app=1,generator=1 or redis=1,app=0,generator=0-1;"
				+ " empty: the kernel's choice. Each step records each process's Cpus_allowed_list")
	@About(Setting.CPU_PLACEMENT)
	void cpuPlacement(String value) {
		set(Setting.CPU_PLACEMENT, value);
	}

	@Option(order = 36, names = "--profile", description = "profile")
	@About(Setting.PROFILE)
	void profile(boolean on) {
		set(Setting.PROFILE, "yes");
	}

	@Option(order = 37, names = "--no-profile", description = "do not profile")
	@About(Setting.PROFILE)
	void noProfile(boolean on) {
		set(Setting.PROFILE, "no");
	}

	@Option(order = 38, names = { "-o", "--output" }, paramLabel = "DIR",
			description = "output folder (empty: results/<timestamp>)")
	@About(Setting.OUTPUT)
	void output(String value) {
		set(Setting.OUTPUT, value);
	}

	@Option(order = 39, names = { "-h", "--help" }, usageHelp = true, description = "this text")
	@In(Topic.OUTPUT)
	boolean help;

	@Option(order = 40, names = "--no-install",
			description = "name what is missing with its apt-get line and exit 2; without it,"
				+ " root on Debian installs it (one printed line), anyone else gets the line")
	@In(Topic.MACHINE)
	void noInstall(boolean on) {
		this.install = false;
	}

	private void set(Setting setting, String value) {
		this.values.put(setting, value);
	}

	/** The settings the command line and the environment give, checked. */
	BenchSettings settings() {
		return BenchSettings.of(this.values, this.quick, this.install);
	}

	@Override
	public Integer call() {
		return new BenchRun(settings(), System.out, System.err).run();
	}

}
