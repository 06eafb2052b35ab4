package org.redisbench.bench;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Stream;

import org.redisbench.commandline.Refusal;
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
 * @param warmupJitShare the % of an app's CPU spent compiling under which a round ends the warm-up
 * @param warmupSeconds no warm-up round starts after this; zero: no bound
 * @param appThreads empty: auto (8 a core, or Tomcat's 200 across a distance)
 * @param ttl the persons' time to live as the apps' bench.ttl takes it (300s, 300s-600s, none); empty: not set
 * @param rates an open-loop step at each; {@code ab}: the rate ab's /add achieved
 * @param slo the objective whose highest rate is searched, e.g. p99=20ms
 * @param redisRtts round trips added between app and Redis, {@code 0} for no proxy, else a duration the proxy takes
 * @param lruMaxmemory empty: auto (64 bytes a person of /add)
 * @param memcachedMegabytes empty: auto (room for every person of a phase)
 * @param redisHost a Redis bench did not start; empty: a private redis-server
 * @param cluster masters of a local cluster bench starts; 0: none
 * @param ports the first port tried for each app
 * @param urls the apps already running, which bench neither starts nor stops
 * @param appBind where the apps listen
 * @param appRedisHost where the apps reach Redis; empty: where bench does
 * @param profileRequests requests per profiled phase
 * @param output the run's folder; empty: results/&lt;timestamp&gt;
 */
public record BenchSettings(boolean quick, boolean install, int requests, List<Integer> concurrencies, int warmup,
		int warmupRounds, BigDecimal warmupJitShare, Duration warmupSeconds, Duration jitIdleTimeout, int repetitions,
		boolean keepAlive, int noopRequests, int redisBenchRequests, int strlenSample, List<App> apps,
		List<RoundTrips> modes, List<Compression> compressions, List<Layout> layouts, BigDecimal sampleInterval,
		Optional<String> ttl, List<String> rates, Optional<String> slo, Duration stepSeconds, Duration stepLeadIn,
		int sloStart, int sloPrecision, int sloMax, int sloSearches, String openLoopPath,
		List<String> openLoopJavaOptions, Duration redisStall, List<String> redisRtts, List<String> appRtts,
		List<Store> stores, List<RedisSetup> redisSetups, String rdbSave, OptionalInt lruMaxmemory,
		int ownMemcachedPort, OptionalInt memcachedMegabytes, String redisHost, int redisPort, boolean allowFlush,
		int cluster, String clusterNodes, int ownRedisPort, String redisBind, List<String> redisArguments, Build build,
		OptionalInt appThreads, List<String> javaOptions, boolean classSharing, String jit, Map<App, Integer> ports,
		Map<App, String> urls, List<String> redisExec, List<String> appExec, List<String> clientExec,
		String appHost, String appBind, String appRedisHost, boolean profile, int profileRequests,
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

	private static final String DURATION = "[0-9]+(ms|s|m|h|d)?";

	/** The settings of these values, every check made: a {@link Refusal} for the first one bench cannot honour. */
	static BenchSettings of(Map<Setting, String> given, boolean quick, boolean install) {
		SettingValues values = new SettingValues(given);
		int requests = values.count(Setting.REQUESTS, 1);
		int noopRequests = values.isEmpty(Setting.NOOP_REQUESTS) ? requests : values.count(Setting.NOOP_REQUESTS, 1);
		int warmup = values.count(Setting.WARMUP, 0);
		int cluster = values.count(Setting.CLUSTER, 0);
		boolean allowFlush = values.yes(Setting.ALLOW_FLUSH);
		String redisHost = values.text(Setting.REDIS_HOST);
		String clusterNodes = values.text(Setting.CLUSTER_NODES);
		List<App> apps = values.words(Setting.APPS, "app", List.of(App.values()), App::label);
		List<RoundTrips> modes = values.words(Setting.MODES, "mode", List.of(RoundTrips.values()), Named::labelOf);
		List<Compression> compressions = values.words(Setting.COMPRESSION, "compression",
				List.of(Compression.values()), Compression::label);
		Map<App, Integer> ports = new java.util.EnumMap<>(App.class);
		Map<App, String> urls = new java.util.EnumMap<>(App.class);
		for (App app : App.values()) {
			ports.put(app, values.count(app.port(), 1));
			if (!values.isEmpty(app.url())) {
				urls.put(app, values.text(app.url()).replaceFirst("/$", ""));
			}
		}
		List<App> running = apps.stream().filter(urls::containsKey).toList();
		if (!redisHost.isEmpty() && !allowFlush) {
			throw new Refusal("bench.sh FLUSHALLs Redis before every measured run; it does not start " + redisHost + ":"
					+ values.text(Setting.REDIS_PORT) + ", so pass --allow-flush if its data may go");
		}
		if (cluster != 0 && cluster < 3) {
			throw new Refusal("--cluster needs at least 3 masters (or 0 for none), was " + cluster);
		}
		if (!clusterNodes.isEmpty()) {
			if (cluster != 0) {
				throw new Refusal("--cluster starts a cluster and --cluster-nodes names one: give only one of them");
			}
			if (!allowFlush) {
				throw new Refusal("bench.sh FLUSHALLs every master before every measured run; it does not start the"
						+ " cluster at " + clusterNodes + ", so pass --allow-flush if its data may go");
			}
		}
		for (App app : running) {
			// bench starts no such app, so it can neither set its mode and compression nor point it at the cluster.
			if (modes.size() * compressions.size() != 1) {
				throw new Refusal("the " + app.label() + " app is already running (" + app.url().variable() + ") in"
						+ " whatever mode and compression it was started with: give one --modes and one --compression"
						+ " value");
			}
			if (cluster > 0 || !clusterNodes.isEmpty()) {
				throw new Refusal("the " + app.label() + " app is already running (" + app.url().variable() + "):"
						+ " bench.sh cannot point it at a cluster, so no --cluster or --cluster-nodes");
			}
		}
		String output = values.text(Setting.OUTPUT);
		if (!output.isEmpty() && Files.exists(Path.of(output, "raw"))) {
			throw new Refusal(output + " already holds a run; name another --output");
		}
		List<String> redisRtts = rtts(values, Setting.REDIS_RTT, "Redis round trip");
		List<String> appRtts = rtts(values, Setting.APP_RTT, "app round trip");
		List<Integer> concurrencies = values.list(Setting.CONCURRENCY, "concurrency", (item) -> {
			if (!item.matches("[1-9][0-9]{0,8}")) {
				throw new Refusal("a concurrency is a whole number from 1, was '" + item + "'");
			}
			int concurrency = Integer.parseInt(item);
			// ab refuses a concurrency above its request count.
			if (concurrency > requests || concurrency > noopRequests) {
				throw new Refusal("concurrency " + concurrency + " exceeds the requests of a phase");
			}
			if (warmup != 0 && concurrency > warmup) {
				throw new Refusal("concurrency " + concurrency + " exceeds the warm-up requests (" + warmup + ")");
			}
			return concurrency;
		});
		boolean proxied = Stream.concat(redisRtts.stream(), appRtts.stream()).anyMatch((rtt) -> !rtt.equals("0"));
		boolean placed = !(values.text(Setting.REDIS_EXEC) + values.text(Setting.APP_EXEC)
				+ values.text(Setting.CLIENT_EXEC)).isEmpty();
		if (proxied) {
			// A cluster's MOVED replies name the nodes' own addresses, past any proxy.
			if (cluster != 0 || !clusterNodes.isEmpty()) {
				throw new Refusal("--redis-rtt and --app-rtt work on the single Redis only, not with --cluster or"
						+ " --cluster-nodes");
			}
			// A proxy runs beside what bench starts, under the same prefix; in front of a Redis or an app bench did
			// not start, it runs on this host, which a placed app or client may not reach.
			if (placed && !redisHost.isEmpty() && redisRtts.stream().anyMatch((rtt) -> !rtt.equals("0"))) {
				throw new Refusal("--redis-rtt with a BENCH_*_EXEC placement needs bench.sh's own redis-server, not"
						+ " --redis-host");
			}
			if (placed && !running.isEmpty() && appRtts.stream().anyMatch((rtt) -> !rtt.equals("0"))) {
				throw new Refusal("--app-rtt with a BENCH_*_EXEC placement needs apps bench.sh starts, not "
						+ running.get(0).url().variable());
			}
		}
		List<Store> stores = values.words(Setting.STORES, "store", List.of(Store.values()), Store::label);
		List<RedisSetup> redisSetups = values.words(Setting.REDIS_SETTINGS, "Redis setting",
				List.of(RedisSetup.values()), RedisSetup::label);
		int ownMemcachedPort = values.count(Setting.OWN_MEMCACHED_PORT, 1);
		OptionalInt memcachedMegabytes = values.countOrAuto(Setting.MEMCACHED_MB, 1);
		OptionalInt lruMaxmemory = values.countOrAuto(Setting.LRU_MAXMEMORY, 1);
		String rdbSave = values.text(Setting.RDB_SAVE);
		if (!rdbSave.matches("[0-9]+ [0-9]+")) {
			throw new Refusal("BENCH_RDB_SAVE is 'SECONDS CHANGES', as Redis's save takes it, was '" + rdbSave + "'");
		}
		if (!redisSetups.equals(List.of(RedisSetup.DEFAULT))) {
			if (!redisHost.isEmpty() || !clusterNodes.isEmpty()) {
				throw new Refusal("--redis-settings other than default change a Redis's configuration: bench.sh does"
						+ " so only on a Redis it starts, not with --redis-host or --cluster-nodes");
			}
			if (!stores.contains(Store.REDIS)) {
				throw new Refusal("--redis-settings need --store redis among the stores");
			}
		}
		if (stores.contains(Store.MEMCACHED)) {
			if (placed) {
				throw new Refusal("--store memcached runs memcached on this host: no BENCH_*_EXEC placement with it");
			}
			if (proxied) {
				throw new Refusal("--redis-rtt and --app-rtt are not run against memcached yet: give --store redis"
						+ " with them");
			}
			if (!running.isEmpty()) {
				throw new Refusal("the " + running.get(0).label() + " app is already running ("
						+ running.get(0).url().variable() + "): bench.sh cannot point it at memcached");
			}
		}
		List<Layout> layouts = values.words(Setting.LAYOUTS, "layout", List.of(Layout.values()), Layout::label);
		if (!running.isEmpty() && layouts.size() != 1) {
			throw new Refusal("the " + running.get(0).label() + " app is already running ("
					+ running.get(0).url().variable() + ") with whatever layout it was started with: give one"
					+ " --layouts value");
		}
		if (layouts.contains(Layout.HASH_BUCKET) && !stores.contains(Store.REDIS)) {
			throw new Refusal("--layouts hash-bucket needs --store redis among the stores: memcached keeps a key per"
					+ " person");
		}
		int warmupRounds = values.count(Setting.WARMUP_ROUNDS, 1);
		Duration jitIdleTimeout = seconds(values, Setting.JIT_IDLE_TIMEOUT, 0);
		Duration warmupSeconds = seconds(values, Setting.WARMUP_SECONDS, 0);
		BigDecimal jitShare = values.decimal(Setting.WARMUP_JIT_SHARE,
				"BENCH_WARMUP_JIT_SHARE is a percentage from 0 to 100");
		if (jitShare.compareTo(BigDecimal.valueOf(100)) > 0) {
			throw new Refusal("BENCH_WARMUP_JIT_SHARE is a percentage from 0 to 100, was '" + jitShare + "'");
		}
		boolean profile = values.yes(Setting.PROFILE);
		int profileRequests = values.isEmpty(Setting.PROFILE_REQUESTS) ? Math.min(requests, 20000)
				: values.count(Setting.PROFILE_REQUESTS, 1);
		String profileEvent = values.choice(Setting.PROFILE_EVENT, List.of("cpu", "itimer", "wall"));
		String profileInterval = values.text(Setting.PROFILE_INTERVAL);
		if (!profileInterval.matches("[0-9]+(ns|us|ms)")) {
			throw new Refusal("BENCH_PROFILE_INTERVAL is a time such as 1ms or 500us, was '" + profileInterval + "'");
		}
		List<String> profilePhases = values.words(Setting.PROFILE_PHASES, "profiled phase", PROFILED_PHASES,
				Function.identity());
		if (profile) {
			for (int concurrency : concurrencies) {
				if (concurrency > profileRequests) {
					throw new Refusal("concurrency " + concurrency + " exceeds the profiled phase's " + profileRequests
							+ " requests");
				}
			}
		}
		int sloStart = values.count(Setting.SLO_START, 1);
		int sloMax = values.count(Setting.SLO_MAX, 1);
		int redisStall = values.count(Setting.REDIS_STALL, 0);
		if (redisStall >= 1000) {
			throw new Refusal("--redis-stall is below 1000 ms (a pause once a second), was " + redisStall);
		}
		String openLoopPath = values.text(Setting.OPEN_LOOP_PATH);
		if (!openLoopPath.matches("[a-z]+")) {
			throw new Refusal("BENCH_OPEN_LOOP_PATH is an endpoint such as add, was '" + openLoopPath + "'");
		}
		List<String> rates = values.isEmpty(Setting.RATES) ? List.of()
				: values.list(Setting.RATES, "rate", (rate) -> {
					if (!rate.equals("ab") && !rate.matches("[1-9][0-9]*")) {
						throw new Refusal("a rate is a whole number of requests a second from 1, or ab, was '" + rate
								+ "'");
					}
					return rate;
				});
		Optional<String> slo = Optional.of(values.text(Setting.SLO)).filter((objective) -> !objective.isEmpty());
		if (slo.isPresent()) {
			// The open-loop jar's Objective reads it while the run runs; the same syntax, for the exit 2 up front.
			if (!slo.get().matches("(p50|p90|p99|p99\\.9)=[0-9]+([.][0-9]+)?ms")) {
				throw new Refusal("--slo is p50, p90, p99 or p99.9 = a bound in ms, e.g. p99=20ms; was '" + slo.get()
						+ "'");
			}
			if (sloStart > sloMax) {
				throw new Refusal("BENCH_SLO_START (" + sloStart + ") is above BENCH_SLO_MAX (" + sloMax + ")");
			}
		}
		if (redisStall > 0 && (!redisHost.isEmpty() || !clusterNodes.isEmpty())) {
			// CLIENT PAUSE reconfigures nothing, but it stops every client of that Redis: only of one bench started.
			throw new Refusal("--redis-stall pauses only a Redis bench.sh starts, not --redis-host or --cluster-nodes");
		}
		BigDecimal sampleInterval = values.decimal(Setting.SAMPLE_INTERVAL,
				"--sample-interval must be a number of seconds");
		if (sampleInterval.compareTo(BigDecimal.valueOf(3600)) > 0) {
			throw new Refusal("--sample-interval must be at most 3600 s, was " + sampleInterval);
		}
		Optional<String> ttl = Optional.of(values.text(Setting.TTL)).filter((value) -> !value.isEmpty());
		if (ttl.isPresent() && !ttl.get().equals("none") && !ttl.get().matches(DURATION + "(-" + DURATION + ")?")) {
			throw new Refusal("--ttl must be none, a duration such as 300s or a range such as 300s-600s, was '"
					+ ttl.get() + "'");
		}
		String appHost = values.text(Setting.APP_HOST);
		return new BenchSettings(quick, install, requests, concurrencies, warmup, warmupRounds, jitShare,
				warmupSeconds, jitIdleTimeout, values.count(Setting.REPETITIONS, 1), values.yes(Setting.KEEPALIVE),
				noopRequests, values.count(Setting.REDIS_BENCH_REQUESTS, 1), values.count(Setting.STRLEN_SAMPLE, 1), apps,
				modes, compressions, layouts, sampleInterval, ttl, rates, slo, seconds(values, Setting.STEP_SECONDS, 1),
				seconds(values, Setting.STEP_LEAD_IN, 0), sloStart, values.count(Setting.SLO_PRECISION, 1), sloMax,
				values.count(Setting.SLO_SEARCHES, 1), openLoopPath, values.words(Setting.OPEN_LOOP_JAVA_OPTS),
				Duration.ofMillis(redisStall), redisRtts, appRtts, stores, redisSetups, rdbSave, lruMaxmemory,
				ownMemcachedPort, memcachedMegabytes, redisHost, values.count(Setting.REDIS_PORT, 1), allowFlush,
				cluster, clusterNodes, values.count(Setting.OWN_REDIS_PORT, 1), values.text(Setting.REDIS_BIND),
				values.words(Setting.REDIS_ARGS),
				Build.valueOf(values.choice(Setting.BUILD, List.of("auto", "always", "never")).toUpperCase()),
				values.countOrAuto(Setting.APP_THREADS, 1), values.words(Setting.JAVA_OPTS),
				values.yes(Setting.CLASS_SHARING), values.choice(Setting.JIT, List.of("full", "c1")), Map.copyOf(ports),
				Map.copyOf(urls), values.words(Setting.REDIS_EXEC), values.words(Setting.APP_EXEC),
				values.words(Setting.CLIENT_EXEC), appHost,
				values.isEmpty(Setting.APP_BIND) ? appHost : values.text(Setting.APP_BIND),
				values.text(Setting.APP_REDIS_HOST), profile, profileRequests, profilePhases, profileEvent,
				profileInterval, output, seconds(values, Setting.AB_TIMEOUT, 1),
				seconds(values, Setting.PHASE_TIMEOUT, 1), seconds(values, Setting.START_TIMEOUT, 1),
				seconds(values, Setting.STOP_TIMEOUT, 0));
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
