package org.redisbench.bench;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

import org.redisbench.bench.run.Privileges;
import org.redisbench.processes.Program;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Batch;
import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Named;

/**
 * A bench run's settings, checked: every value bench can honour, typed, before anything starts. What needs a live
 * server (a named Redis's hash-max-listpack-value) or the machine (commands installed) is checked by the runner.
 *
 * @param quick --quick: the run's end says what a full run adds
 * @param install whether what the machine lacks is installed (root on Debian) or only named (--no-install)
 * @param noopRequests ab's requests on /noop, -n unless given
 * @param warmupCompiles the compilations a 1,000 requests (finished during a round, or left at its end) at which a
 *        round ends the warm-up
 * @param warmupJitShare where the app's compiler cannot be read: the % of its CPU spent compiling under which a round
 *        ends the warm-up
 * @param warmupSeconds no warm-up round starts after this; zero: no bound
 * @param appThreads empty: auto (8 a core, or Tomcat's 200 across a distance)
 * @param appJava the java command that runs the apps, where BENCH_APP_EXEC places them
 * @param ttl the persons' time to live as the apps' bench.ttl takes it (300s, 300s-600s, none); empty: not set
 * @param rates an open-loop step at each; {@code ab}: the rate ab's /add achieved
 * @param slo the objective whose highest rate is searched, e.g. p99=20ms
 * @param generatorNice added to the open-loop generator's nice value, as {@code nice -n} adds it
 * @param stepKeys empty: fresh, each step writes new ids into an emptied store; N: the apps' ids wrap over 1..N,
 *        and a step neither empties the store nor resets the ids
 * @param redisRtts round trips added between app and Redis, {@code 0} for no proxy, else a duration the proxy takes
 * @param lruMaxmemory empty: auto (64 bytes a person of /add)
 * @param memcachedMegabytes empty: auto (room for every person of a phase)
 * @param redisHost a Redis bench did not start; empty: a private redis-server
 * @param cluster masters of a local cluster bench starts; 0: none
 * @param ports the first port tried for each app
 * @param urls the apps already running, which bench neither starts nor stops
 * @param cpuPlacement the CPUs the store, the app and the generator the run starts may run on
 * @param appBind where the apps listen
 * @param appRedisHost where the apps reach Redis; empty: where bench does
 * @param profileRequests requests per profiled phase
 * @param output the run's folder; empty: results/&lt;timestamp&gt;
 */
public record BenchSettings(boolean quick, boolean install, int requests, List<Integer> concurrencies, int warmup,
		int warmupRounds, BigDecimal warmupCompiles, BigDecimal warmupJitShare, Duration warmupSeconds, Duration jitIdleTimeout, int repetitions,
		boolean keepAlive, int noopRequests, int redisBenchRequests, int strlenSample, List<App> apps,
		List<RoundTrips> modes, List<Compression> compressions, List<Layout> layouts, BigDecimal sampleInterval,
		Optional<String> ttl, List<String> rates, Optional<String> slo, Duration stepSeconds, Duration stepLeadIn,
		int sloStart, int sloPrecision, int sloMax, int sloSearches, String openLoopPath,
		List<String> openLoopJavaOptions, Duration redisStall, int generatorNice, OptionalInt stepKeys,
		List<String> redisRtts, List<String> appRtts,
		List<Store> stores, List<RedisSetup> redisSetups, String rdbSave, OptionalInt lruMaxmemory,
		int ownMemcachedPort, OptionalInt memcachedMegabytes, String redisHost, int redisPort, boolean allowFlush,
		int cluster, String clusterNodes, int ownRedisPort, String redisBind, List<String> redisArguments, Build build,
		OptionalInt appThreads, List<String> javaOptions, String appJava, boolean classSharing, String jit,
		Map<App, Integer> ports, Map<App, String> urls, List<String> redisExec, List<String> appExec, List<String> clientExec,
		CpuPlacement cpuPlacement, String appHost, String appBind, String appRedisHost, boolean profile, int profileRequests,
		List<String> profilePhases, String profileEvent, String profileInterval, String output, Duration abTimeout,
		Duration phaseTimeout, Duration startTimeout, Duration stopTimeout) {

	/** When the runner builds the jars it runs: when missing or older than a source, always, or never. */
	public enum Build implements Named {

		AUTO, ALWAYS, NEVER;

		@Override
		public String label() {
			return Named.labelOf(this);
		}

	}

	static final List<String> PROFILED_PHASES = List.of("noop", "add", "check");

	private static final Duration JAVA_VERSION_TIMEOUT = Duration.ofMinutes(1);

	private static final String DURATION = "[0-9]+(ms|s|m|h|d)?";

	/** The settings of these values, every check made: a {@link Refusal} for the first one bench cannot honour. */
	static BenchSettings of(Map<Setting, String> given, boolean quick, boolean install) {
		SettingValues values = new SettingValues(given);
		int requests = values.count(Setting.REQUESTS, 1);
		Map<App, Integer> ports = new EnumMap<>(App.class);
		Map<App, String> urls = new EnumMap<>(App.class);
		for (App app : App.values()) {
			ports.put(app, values.count(app.port(), 1));
			if (!values.isEmpty(app.url())) {
				urls.put(app, values.text(app.url()).replaceFirst("/$", ""));
			}
		}
		String appHost = values.text(Setting.APP_HOST);
		return new BenchSettings(quick, install, requests,
				values.list(Setting.CONCURRENCY, "concurrency", BenchSettings::concurrency),
				values.count(Setting.WARMUP, 0), values.count(Setting.WARMUP_ROUNDS, 1),
				values.decimal(Setting.WARMUP_COMPILES, "--warmup-compiles is a number of compilations"),
				values.decimal(Setting.WARMUP_JIT_SHARE, "BENCH_WARMUP_JIT_SHARE is a percentage from 0 to 100"),
				seconds(values, Setting.WARMUP_SECONDS, 0), seconds(values, Setting.JIT_IDLE_TIMEOUT, 0),
				values.count(Setting.REPETITIONS, 1), values.yes(Setting.KEEPALIVE),
				values.isEmpty(Setting.NOOP_REQUESTS) ? requests : values.count(Setting.NOOP_REQUESTS, 1),
				values.count(Setting.REDIS_BENCH_REQUESTS, 1), values.count(Setting.STRLEN_SAMPLE, 1),
				values.words(Setting.APPS, "app", List.of(App.values()), App::label),
				values.words(Setting.MODES, "mode", List.of(RoundTrips.values()), Named::labelOf),
				values.words(Setting.COMPRESSION, "compression", List.of(Compression.values()), Compression::label),
				values.words(Setting.LAYOUTS, "layout", List.of(Layout.values()), Layout::label),
				values.decimal(Setting.SAMPLE_INTERVAL, "--sample-interval must be a number of seconds"),
				optional(values, Setting.TTL), values.isEmpty(Setting.RATES) ? List.of()
						: values.list(Setting.RATES, "rate", BenchSettings::rate),
				optional(values, Setting.SLO), seconds(values, Setting.STEP_SECONDS, 1),
				seconds(values, Setting.STEP_LEAD_IN, 0), values.count(Setting.SLO_START, 1),
				values.count(Setting.SLO_PRECISION, 1), values.count(Setting.SLO_MAX, 1),
				values.count(Setting.SLO_SEARCHES, 1), values.text(Setting.OPEN_LOOP_PATH),
				values.words(Setting.OPEN_LOOP_JAVA_OPTS), Duration.ofMillis(values.count(Setting.REDIS_STALL, 0)),
				nice(values.text(Setting.GENERATOR_NICE)),
				values.text(Setting.STEP_KEYS).equals("fresh") ? OptionalInt.empty()
						: OptionalInt.of(values.count(Setting.STEP_KEYS, Batch.SIZE)),
				rtts(values, Setting.REDIS_RTT, "Redis round trip"), rtts(values, Setting.APP_RTT, "app round trip"),
				values.words(Setting.STORES, "store", List.of(Store.values()), Store::label),
				values.words(Setting.REDIS_SETTINGS, "Redis setting", List.of(RedisSetup.values()), RedisSetup::label),
				values.text(Setting.RDB_SAVE), values.countOrAuto(Setting.LRU_MAXMEMORY, 1),
				values.count(Setting.OWN_MEMCACHED_PORT, 1), values.countOrAuto(Setting.MEMCACHED_MB, 1),
				values.text(Setting.REDIS_HOST), values.count(Setting.REDIS_PORT, 1), values.yes(Setting.ALLOW_FLUSH),
				values.count(Setting.CLUSTER, 0), values.text(Setting.CLUSTER_NODES),
				values.count(Setting.OWN_REDIS_PORT, 1), values.text(Setting.REDIS_BIND),
				values.words(Setting.REDIS_ARGS),
				Build.valueOf(values.choice(Setting.BUILD, List.of("auto", "always", "never")).toUpperCase()),
				values.countOrAuto(Setting.APP_THREADS, 1), values.words(Setting.JAVA_OPTS),
				values.text(Setting.APP_JAVA), values.yes(Setting.CLASS_SHARING),
				values.choice(Setting.JIT, List.of("full", "c1")), Map.copyOf(ports), Map.copyOf(urls),
				values.words(Setting.REDIS_EXEC), values.words(Setting.APP_EXEC), values.words(Setting.CLIENT_EXEC),
				values.isEmpty(Setting.CPU_PLACEMENT) ? CpuPlacement.NONE
						: CpuPlacement.parse(values.text(Setting.CPU_PLACEMENT), CpuPlacement.online()),
				appHost,
				values.isEmpty(Setting.APP_BIND) ? appHost : values.text(Setting.APP_BIND),
				values.text(Setting.APP_REDIS_HOST), values.yes(Setting.PROFILE),
				values.isEmpty(Setting.PROFILE_REQUESTS) ? Math.min(requests, 20000)
						: values.count(Setting.PROFILE_REQUESTS, 1),
				values.words(Setting.PROFILE_PHASES, "profiled phase", PROFILED_PHASES, Function.identity()),
				values.choice(Setting.PROFILE_EVENT, List.of("cpu", "itimer", "wall")),
				values.text(Setting.PROFILE_INTERVAL), values.text(Setting.OUTPUT),
				seconds(values, Setting.AB_TIMEOUT, 1), seconds(values, Setting.PHASE_TIMEOUT, 1),
				seconds(values, Setting.START_TIMEOUT, 1), seconds(values, Setting.STOP_TIMEOUT, 0))
			.checked();
	}

	/**
	 * These settings, once each holds one bench can honour alone and together: the forms the runner's tools take,
	 * and what a Redis or an app bench did not start, a cluster or a placement rule out.
	 */
	private BenchSettings checked() {
		checkForms();
		checkForeignServers();
		checkRunningApps();
		checkLoad();
		checkDistance();
		checkStores();
		checkOpenLoop();
		checkCpuPlacement();
		checkAppJava();
		return this;
	}

	/** The values read as text, in the forms the runner's tools take them. */
	private void checkForms() {
		if (this.warmupJitShare.compareTo(BigDecimal.valueOf(100)) > 0) {
			throw new Refusal("BENCH_WARMUP_JIT_SHARE is a percentage from 0 to 100, was '" + this.warmupJitShare + "'");
		}
		if (this.sampleInterval.compareTo(BigDecimal.valueOf(3600)) > 0) {
			throw new Refusal("--sample-interval must be at most 3600 s, was " + this.sampleInterval);
		}
		if (this.ttl.isPresent() && !this.ttl.get().equals("none")
				&& !this.ttl.get().matches(DURATION + "(-" + DURATION + ")?")) {
			throw new Refusal("--ttl must be none, a duration such as 300s or a range such as 300s-600s, was '"
					+ this.ttl.get() + "'");
		}
		if (!this.rdbSave.matches("[0-9]+ [0-9]+")) {
			throw new Refusal("BENCH_RDB_SAVE is 'SECONDS CHANGES', as Redis's save takes it, was '" + this.rdbSave + "'");
		}
		if (!this.profileInterval.matches("[0-9]+(ns|us|ms)")) {
			throw new Refusal("BENCH_PROFILE_INTERVAL is a time such as 1ms or 500us, was '" + this.profileInterval
					+ "'");
		}
		if (!this.openLoopPath.matches("[a-z]+")) {
			throw new Refusal("BENCH_OPEN_LOOP_PATH is an endpoint such as add, was '" + this.openLoopPath + "'");
		}
		if (this.slo.isPresent() && !this.slo.get().matches("(p50|p90|p99|p99\\.9)=[0-9]+([.][0-9]+)?ms")) {
			// The open-loop jar's Objective reads it while the run runs; the same syntax, for the exit 2 up front.
			throw new Refusal("--slo is p50, p90, p99 or p99.9 = a bound in ms, e.g. p99=20ms; was '" + this.slo.get()
					+ "'");
		}
		if (!this.output.isEmpty() && Files.exists(Path.of(this.output, "raw"))) {
			throw new Refusal(this.output + " already holds a run; name another --output");
		}
	}

	/** A Redis or a cluster bench did not start: FLUSHALLed only when allowed, reconfigured and paused never. */
	private void checkForeignServers() {
		if (!this.redisHost.isEmpty() && !this.allowFlush) {
			throw new Refusal("bench.sh FLUSHALLs Redis before every measured run; it does not start " + this.redisHost
					+ ":" + this.redisPort + ", so pass --allow-flush if its data may go");
		}
		if (this.cluster != 0 && this.cluster < 3) {
			throw new Refusal("--cluster needs at least 3 masters (or 0 for none), was " + this.cluster);
		}
		if (!this.clusterNodes.isEmpty()) {
			if (this.cluster != 0) {
				throw new Refusal("--cluster starts a cluster and --cluster-nodes names one: give only one of them");
			}
			if (!this.allowFlush) {
				throw new Refusal("bench.sh FLUSHALLs every master before every measured run; it does not start the"
						+ " cluster at " + this.clusterNodes + ", so pass --allow-flush if its data may go");
			}
		}
		boolean foreign = !this.redisHost.isEmpty() || !this.clusterNodes.isEmpty();
		if (foreign && !this.redisSetups.equals(List.of(RedisSetup.DEFAULT))) {
			throw new Refusal("--redis-settings other than default change a Redis's configuration: bench.sh does so"
					+ " only on a Redis it starts, not with --redis-host or --cluster-nodes");
		}
		if (foreign && !this.redisStall.isZero()) {
			// CLIENT PAUSE reconfigures nothing, but it stops every client of that Redis: only of one bench started.
			throw new Refusal("--redis-stall pauses only a Redis bench.sh starts, not --redis-host or --cluster-nodes");
		}
	}

	/** An app already running keeps the mode, compression, layout and store it was started with. */
	private void checkRunningApps() {
		for (App app : running()) {
			String running = "the " + app.label() + " app is already running (" + app.url().variable() + ")";
			if (this.modes.size() * this.compressions.size() != 1) {
				throw new Refusal(running + " in whatever mode and compression it was started with: give one --modes"
						+ " and one --compression value");
			}
			if (this.cluster > 0 || !this.clusterNodes.isEmpty()) {
				throw new Refusal(running + ": bench.sh cannot point it at a cluster, so no --cluster or --cluster-nodes");
			}
			if (this.stores.contains(Store.MEMCACHED)) {
				throw new Refusal(running + ": bench.sh cannot point it at memcached");
			}
			if (this.layouts.size() != 1) {
				throw new Refusal(running + " with whatever layout it was started with: give one --layouts value");
			}
		}
	}

	/** ab refuses a concurrency above its request count: that of every phase it runs. */
	private void checkLoad() {
		for (int concurrency : this.concurrencies) {
			if (concurrency > this.requests || concurrency > this.noopRequests) {
				throw new Refusal("concurrency " + concurrency + " exceeds the requests of a phase");
			}
			if (this.warmup != 0 && concurrency > this.warmup) {
				throw new Refusal("concurrency " + concurrency + " exceeds the warm-up requests (" + this.warmup + ")");
			}
			if (this.profile && concurrency > this.profileRequests) {
				throw new Refusal("concurrency " + concurrency + " exceeds the profiled phase's " + this.profileRequests
						+ " requests");
			}
		}
	}

	private void checkDistance() {
		if (!proxied(this.redisRtts) && !proxied(this.appRtts)) {
			return;
		}
		// A cluster's MOVED replies name the nodes' own addresses, past any proxy.
		if (this.cluster != 0 || !this.clusterNodes.isEmpty()) {
			throw new Refusal("--redis-rtt and --app-rtt work on the single Redis only, not with --cluster or"
					+ " --cluster-nodes");
		}
		if (this.stores.contains(Store.MEMCACHED)) {
			throw new Refusal("--redis-rtt and --app-rtt are not run against memcached yet: give --store redis with"
					+ " them");
		}
		// A proxy runs beside what bench starts, under the same prefix; in front of a Redis or an app bench did not
		// start, it runs on this host, which a placed app or client may not reach.
		if (placed() && !this.redisHost.isEmpty() && proxied(this.redisRtts)) {
			throw new Refusal("--redis-rtt with a BENCH_*_EXEC placement needs bench.sh's own redis-server, not"
					+ " --redis-host");
		}
		if (placed() && !running().isEmpty() && proxied(this.appRtts)) {
			throw new Refusal("--app-rtt with a BENCH_*_EXEC placement needs apps bench.sh starts, not "
					+ running().get(0).url().variable());
		}
	}

	private void checkStores() {
		if (!this.redisSetups.equals(List.of(RedisSetup.DEFAULT)) && !this.stores.contains(Store.REDIS)) {
			throw new Refusal("--redis-settings need --store redis among the stores");
		}
		if (this.layouts.contains(Layout.HASH_BUCKET) && !this.stores.contains(Store.REDIS)) {
			throw new Refusal("--layouts hash-bucket needs --store redis among the stores: memcached keeps a key per"
					+ " person");
		}
		if (this.stores.contains(Store.MEMCACHED) && placed()) {
			throw new Refusal("--store memcached runs memcached on this host: no BENCH_*_EXEC placement with it");
		}
	}

	private void checkOpenLoop() {
		if (this.redisStall.toMillis() >= 1000) {
			throw new Refusal("--redis-stall is below 1000 ms (a pause once a second), was " + this.redisStall.toMillis());
		}
		if (this.slo.isPresent() && this.sloStart > this.sloMax) {
			throw new Refusal("BENCH_SLO_START (" + this.sloStart + ") is above BENCH_SLO_MAX (" + this.sloMax + ")");
		}
		checkGeneratorNice(this.generatorNice, Privileges.root());
		if (this.stepKeys.isPresent() && this.stepKeys.getAsInt() % Batch.SIZE != 0) {
			throw new Refusal("--step-keys is fresh or a whole multiple of the " + Batch.SIZE
					+ " persons of a request, was " + this.stepKeys.getAsInt());
		}
		if (this.stepKeys.isPresent() && !running().isEmpty()) {
			throw new Refusal("--step-keys N sets the ids' range of apps bench.sh starts, not of "
					+ running().get(0).url().variable());
		}
	}

	/** A nice value below 0 raises the generator's priority above the app's and Redis's: root's to give. */
	static void checkGeneratorNice(int nice, boolean root) {
		if (nice < 0 && !root) {
			throw new Refusal("--generator-nice " + nice + " raises the generator's priority, which only root may do;"
					+ " give 0 to 19, or run as root");
		}
	}

	/** Only what the run starts is pinned: a Redis, an app or a generator it does not start has no command to pin. */
	private void checkCpuPlacement() {
		if (this.cpuPlacement.pins(CpuPlacement.REDIS) && (!this.redisHost.isEmpty() || !this.clusterNodes.isEmpty())) {
			throw new Refusal("--cpu-placement pins redis only on stores bench.sh starts, not --redis-host or"
					+ " --cluster-nodes");
		}
		if (this.cpuPlacement.pins(CpuPlacement.APP) && !running().isEmpty()) {
			throw new Refusal("--cpu-placement pins app only on apps bench.sh starts, not "
					+ running().get(0).url().variable());
		}
		if (this.cpuPlacement.pins(CpuPlacement.GENERATOR) && this.rates.isEmpty() && this.slo.isEmpty()) {
			throw new Refusal("--cpu-placement pins the generator of open-loop steps: give --rates or --slo with it");
		}
	}

	/**
	 * An APP_JAVA that runs, where the apps run: {@code -version}, a second of CPU, asked only of one given (the
	 * PATH's java is the machine's check of its commands).
	 */
	private void checkAppJava() {
		if (this.appJava.equals(Setting.APP_JAVA.fallback())) {
			return;
		}
		List<String> version = new ArrayList<>(this.appExec);
		version.addAll(List.of(this.appJava, "-version"));
		Program.Ended asked = Program.run(version, JAVA_VERSION_TIMEOUT);
		if (!asked.succeeded()) {
			String said = (asked.errors() + "\n" + asked.output()).lines().map(String::strip)
				.filter((line) -> !line.isEmpty())
				.findFirst()
				.orElse("exit status " + asked.status());
			throw new Refusal("APP_JAVA '" + this.appJava + "' does not run: " + said);
		}
	}

	/** The apps of the run already running, which bench neither starts nor stops. */
	private List<App> running() {
		return this.apps.stream().filter(this.urls::containsKey).toList();
	}

	/** Whether a BENCH_*_EXEC prefix places a program apart. */
	private boolean placed() {
		return !(this.redisExec.isEmpty() && this.appExec.isEmpty() && this.clientExec.isEmpty());
	}

	private static boolean proxied(List<String> rtts) {
		return rtts.stream().anyMatch((rtt) -> !rtt.equals("0"));
	}

	private static int concurrency(String item) {
		if (!item.matches("[1-9][0-9]{0,8}")) {
			throw new Refusal("a concurrency is a whole number from 1, was '" + item + "'");
		}
		return Integer.parseInt(item);
	}

	/** A nice value, as nice(1) takes it: from -20 to 19. */
	private static int nice(String value) {
		int nice = value.matches("-?[0-9]{1,2}") ? Integer.parseInt(value) : Integer.MIN_VALUE;
		if (nice < -20 || nice > 19) {
			throw new Refusal("BENCH_GENERATOR_NICE is a nice value from -20 to 19, was '" + value + "'");
		}
		return nice;
	}

	private static String rate(String rate) {
		if (!rate.equals("ab") && !rate.matches("[1-9][0-9]*")) {
			throw new Refusal("a rate is a whole number of requests a second from 1, or ab, was '" + rate + "'");
		}
		return rate;
	}

	private static Optional<String> optional(SettingValues values, Setting setting) {
		return Optional.of(values.text(setting)).filter((value) -> !value.isEmpty());
	}

	/** Round trips as the latency proxy takes them: 0 (no proxy), or a number with ns, us, ms or s. */
	private static List<String> rtts(SettingValues values, Setting setting, String what) {
		return values.list(setting, what, (rtt) -> {
			if (!rtt.matches("0|[0-9]+(\\.[0-9]+)?(ns|us|ms|s)")) {
				throw new Refusal(what + " '" + rtt + "' is 0 or a duration such as 0.2ms, 450us, 1ms");
			}
			return rtt;
		});
	}

	private static Duration seconds(SettingValues values, Setting setting, int least) {
		return Duration.ofSeconds(values.count(setting, least));
	}

}
