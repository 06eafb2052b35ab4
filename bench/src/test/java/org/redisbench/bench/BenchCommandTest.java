package org.redisbench.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.valueformat.Compression;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * bench's command line: every option and its environment variable, the presets in command-line order, and every
 * refusal that needs no server (exit 2, one line, no settings written).
 */
class BenchCommandTest {

	@TempDir
	Path folder;

	private final StringWriter err = new StringWriter();

	private final StringWriter out = new StringWriter();

	private final Map<String, String> environment = new HashMap<>();

	private BenchSettings settings(String... args) {
		BenchCommand command = new BenchCommand(this.environment::get);
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

	private int exit(String... args) {
		CommandLine line = CommandLines.of(new BenchCommand(this.environment::get));
		line.setErr(new PrintWriter(this.err, true));
		line.setOut(new PrintWriter(this.out, true));
		return line.execute(args);
	}

	/** Exits 2 saying that, in one line, before anything starts. */
	private void refused(String saying, String... args) {
		this.err.getBuffer().setLength(0);
		assertThat(exit(args)).as(String.join(" ", args)).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).as(String.join(" ", args)).hasLineCount(1).startsWith("bench: ").contains(saying);
	}

	@Test
	void theDefaultsAreThePublishedRun() {
		BenchSettings settings = settings();
		assertThat(settings.requests()).isEqualTo(150000);
		assertThat(settings.noopRequests()).isEqualTo(150000);
		assertThat(settings.concurrencies()).containsExactly(200);
		assertThat(settings.warmup()).isEqualTo(5000);
		assertThat(settings.warmupRounds()).isEqualTo(12);
		assertThat(settings.warmupJitShare()).isEqualByComparingTo("2");
		assertThat(settings.warmupSeconds()).isZero();
		assertThat(settings.jitIdleTimeout()).isEqualTo(Duration.ofSeconds(30));
		assertThat(settings.repetitions()).isEqualTo(3);
		assertThat(settings.keepAlive()).isFalse();
		assertThat(settings.redisBenchRequests()).isEqualTo(200000);
		assertThat(settings.apps()).containsExactly(App.STRING, App.KRYO);
		assertThat(settings.modes()).containsExactly(RoundTrips.PER_KEY);
		assertThat(settings.compressions()).containsExactly(Compression.NONE);
		assertThat(settings.layouts()).containsExactly(Layout.STRING_PER_KEY);
		assertThat(settings.stores()).containsExactly(Store.REDIS);
		assertThat(settings.redisSetups()).containsExactly(RedisSetup.DEFAULT);
		assertThat(settings.redisRtts()).containsExactly("0");
		assertThat(settings.ttl()).isEmpty();
		assertThat(settings.rates()).isEmpty();
		assertThat(settings.slo()).isEmpty();
		assertThat(settings.redisHost()).isEmpty();
		assertThat(settings.redisPort()).isEqualTo(6379);
		assertThat(settings.ownRedisPort()).isEqualTo(26379);
		assertThat(settings.cluster()).isZero();
		assertThat(settings.build()).isEqualTo(BenchSettings.Build.AUTO);
		assertThat(settings.appThreads()).isEmpty();
		assertThat(settings.javaOptions()).containsExactly("-Xms512m", "-Xmx512m");
		assertThat(settings.ports()).containsEntry(App.STRING, 8080).containsEntry(App.KRYO, 18080)
			.containsEntry(App.JACKSON, 28080);
		assertThat(settings.urls()).isEmpty();
		assertThat(settings.appBind()).isEqualTo("127.0.0.1");
		assertThat(settings.profile()).isTrue();
		assertThat(settings.profileRequests()).isEqualTo(20000);
		assertThat(settings.profilePhases()).containsExactly("noop", "add", "check");
		assertThat(settings.output()).isEmpty();
		assertThat(settings.stopTimeout()).isEqualTo(Duration.ofSeconds(30));
		assertThat(settings.quick()).isFalse();
		assertThat(settings.install()).isTrue();
	}

	/** An option, the value it sets, read back from the settings. */
	private record Given(List<String> args, Function<BenchSettings, Object> read, Object expected) {
	}

	@Test
	void everyOptionSetsItsSetting() {
		List<Given> options = List.of(new Given(List.of("-n", "300"), BenchSettings::requests, 300),
				new Given(List.of("--requests", "300"), BenchSettings::noopRequests, 300),
				new Given(List.of("-c", "10,20"), BenchSettings::concurrencies, List.of(10, 20)),
				new Given(List.of("-w", "0"), BenchSettings::warmup, 0),
				new Given(List.of("--warmup-rounds", "2"), BenchSettings::warmupRounds, 2),
				new Given(List.of("--warmup-jit-share", "0.5"), BenchSettings::warmupJitShare, new BigDecimal("0.5")),
				new Given(List.of("--warmup-compiles", "0.5"), BenchSettings::warmupCompiles, new BigDecimal("0.5")),
				new Given(List.of("--warmup-seconds", "9"), BenchSettings::warmupSeconds, Duration.ofSeconds(9)),
				new Given(List.of("-r", "5"), BenchSettings::repetitions, 5),
				new Given(List.of("-k"), BenchSettings::keepAlive, true),
				new Given(List.of("--noop-requests", "500"), BenchSettings::noopRequests, 500),
				new Given(List.of("--redis-bench-requests", "7"), BenchSettings::redisBenchRequests, 7),
				new Given(List.of("-a", "jackson,string"), BenchSettings::apps, List.of(App.JACKSON, App.STRING)),
				new Given(List.of("--modes", "pipeline"), BenchSettings::modes, List.of(RoundTrips.PIPELINE)),
				new Given(List.of("--compression", "zstd-dict,lz4"), BenchSettings::compressions,
						List.of(Compression.ZSTD_DICT, Compression.LZ4)),
				new Given(List.of("--layouts", "hash-bucket"), BenchSettings::layouts, List.of(Layout.HASH_BUCKET)),
				new Given(List.of("--sample-interval", "0.5"), BenchSettings::sampleInterval, new BigDecimal("0.5")),
				new Given(List.of("--ttl", "300s-600s"), (s) -> s.ttl().orElseThrow(), "300s-600s"),
				new Given(List.of("--rates", "100,ab"), BenchSettings::rates, List.of("100", "ab")),
				new Given(List.of("--slo", "p99.9=2.5ms"), (s) -> s.slo().orElseThrow(), "p99.9=2.5ms"),
				new Given(List.of("--step-seconds", "4"), BenchSettings::stepSeconds, Duration.ofSeconds(4)),
				new Given(List.of("--redis-stall", "200"), BenchSettings::redisStall, Duration.ofMillis(200)),
				new Given(List.of("--generator-nice", "5"), BenchSettings::generatorNice, 5),
				new Given(List.of("--step-keys", "5000"), BenchSettings::stepKeys, OptionalInt.of(5000)),
				new Given(List.of("--step-keys", "fresh"), BenchSettings::stepKeys, OptionalInt.empty()),
				new Given(List.of("--generator-nice=19"), BenchSettings::generatorNice, 19),
				new Given(List.of("--cpu-placement", "redis=0,app=0"), BenchSettings::cpuPlacement,
						new CpuPlacement(Map.of("redis", "0", "app", "0"))),
				new Given(List.of("--redis-rtt", "0,0.2ms,1ms"), BenchSettings::redisRtts, List.of("0", "0.2ms", "1ms")),
				new Given(List.of("--app-rtt", "450us"), BenchSettings::appRtts, List.of("450us")),
				new Given(List.of("--store", "memcached,redis"), BenchSettings::stores,
						List.of(Store.MEMCACHED, Store.REDIS)),
				new Given(List.of("--redis-settings", "aof-everysec,lru"), BenchSettings::redisSetups,
						List.of(RedisSetup.AOF_EVERYSEC, RedisSetup.LRU)),
				new Given(List.of("--redis-host", "10.0.0.1", "--allow-flush"), BenchSettings::redisHost, "10.0.0.1"),
				new Given(List.of("--redis-port", "7000"), BenchSettings::redisPort, 7000),
				new Given(List.of("--allow-flush"), BenchSettings::allowFlush, true),
				new Given(List.of("--cluster", "3"), BenchSettings::cluster, 3),
				new Given(List.of("--cluster-nodes", "10.0.0.1:7000", "--allow-flush"), BenchSettings::clusterNodes,
						"10.0.0.1:7000"),
				new Given(List.of("--build"), BenchSettings::build, BenchSettings.Build.ALWAYS),
				new Given(List.of("--no-build"), BenchSettings::build, BenchSettings.Build.NEVER),
				new Given(List.of("--app-threads", "16"), BenchSettings::appThreads, OptionalInt.of(16)),
				new Given(List.of("--no-profile"), BenchSettings::profile, false),
				new Given(List.of("--profile"), BenchSettings::profile, true),
				new Given(List.of("-o", "out"), BenchSettings::output, "out"),
				new Given(List.of("--no-install"), BenchSettings::install, false));
		for (Given given : options) {
			assertThat(given.read().apply(settings(given.args().toArray(String[]::new)))).as(given.args().toString())
				.isEqualTo(given.expected());
		}
	}

	@Test
	void theEnvironmentGivesEachDefaultAndAnOptionBeatsIt() {
		this.environment.putAll(Map.of("BENCH_REQUESTS", "700", "BENCH_APPS", "kryo", "BENCH_JIT_IDLE_TIMEOUT", "4",
				"BENCH_KRYO_URL", "http://127.0.0.1:9/", "BENCH_JAVA_OPTS", "-Xmx1g  -XX:+UseG1GC", "APP_JIT", "c1",
				"BENCH_APP_HOST", "10.0.0.2", "BENCH_PROFILE", "no", "BENCH_BUILD", "never", "BENCH_OUTPUT", "mine"));
		this.environment.put("BENCH_REQUESTS_UNKNOWN", "ignored");
		BenchSettings settings = settings();
		assertThat(settings.requests()).isEqualTo(700);
		assertThat(settings.noopRequests()).isEqualTo(700);
		assertThat(settings.apps()).containsExactly(App.KRYO);
		assertThat(settings.jitIdleTimeout()).isEqualTo(Duration.ofSeconds(4));
		assertThat(settings.urls()).containsExactly(Map.entry(App.KRYO, "http://127.0.0.1:9"));
		assertThat(settings.javaOptions()).containsExactly("-Xmx1g", "-XX:+UseG1GC");
		assertThat(settings.jit()).isEqualTo("c1");
		assertThat(settings.appBind()).isEqualTo("10.0.0.2");
		assertThat(settings.profile()).isFalse();
		assertThat(settings.build()).isEqualTo(BenchSettings.Build.NEVER);
		assertThat(settings.output()).isEqualTo("mine");
		assertThat(settings("-n", "900", "--profile", "--build", "-o", "other").requests()).isEqualTo(900);
		assertThat(settings("--profile").profile()).isTrue();
		this.environment.put("BENCH_REQUESTS", "");
		assertThat(settings().requests()).as("an empty variable is no value, as bash's ${NAME:-default}")
			.isEqualTo(150000);
	}

	@Test
	void aPresetSetsSeveralAndAnOptionAfterItChangesOne() {
		BenchSettings quick = settings("--quick");
		assertThat(quick.quick()).isTrue();
		assertThat(quick.modes()).containsExactly(RoundTrips.PER_KEY, RoundTrips.PIPELINE);
		assertThat(quick.requests()).isEqualTo(2000);
		assertThat(quick.noopRequests()).isEqualTo(2000);
		assertThat(quick.warmup()).isEqualTo(1000);
		assertThat(quick.warmupRounds()).isEqualTo(3);
		assertThat(quick.warmupSeconds()).isEqualTo(Duration.ofSeconds(20));
		assertThat(quick.jitIdleTimeout()).isEqualTo(Duration.ofSeconds(3));
		assertThat(quick.repetitions()).isEqualTo(1);
		assertThat(quick.profile()).isFalse();
		assertThat(quick.redisBenchRequests()).isEqualTo(20000);
		assertThat(quick.classSharing()).as("the apps start through their archives").isTrue();
		this.environment.put("APP_CLASS_SHARING", "no");
		assertThat(settings("--quick").classSharing()).as("an exported APP_CLASS_SHARING, which no option sets, is kept")
			.isFalse();
		this.environment.clear();
		assertThat(settings("--quick", "-n", "300", "--noop-requests", "300").requests()).isEqualTo(300);
		assertThat(settings("-n", "300", "--quick").requests()).as("the preset after it").isEqualTo(2000);
		assertThat(settings("--quick", "--profile").profile()).isTrue();
		BenchSettings cache = settings("--cache-scenario", "--compression", "none");
		assertThat(cache.quick()).isFalse();
		assertThat(cache.apps()).containsExactly(App.STRING);
		assertThat(cache.compressions()).containsExactly(Compression.NONE);
		assertThat(cache.redisSetups()).containsExactly(RedisSetup.LRU);
		assertThat(cache.ttl()).contains("300s-600s");
		assertThat(cache.requests()).isEqualTo(30000);
		assertThat(cache.noopRequests()).isEqualTo(2000);
		assertThat(settings("--cache-scenario").compressions()).containsExactly(Compression.NONE, Compression.GZIP,
				Compression.ZSTD_DICT);
	}

	@Test
	void theCommandLineIsRefusedNamingWhatIsWrong() {
		refused("'--layout', did you mean --layouts?", "--layout", "x");
		refused("unknown option '--no-such-option'", "--no-such-option");
		refused("--requests", "--requests");
		refused("--requests", "-n", "1", "-n", "2");
		refused("unknown argument 'extra'", "extra");
	}

	@Test
	void settingsBenchCannotHonourAreRefusedBeforeAnythingStarts() throws IOException {
		// scripts/test-bench.sh's refusals that need no server, and test-options.sh's bench lines.
		refused("unknown mode 'batch'", "--modes", "per-key,batch");
		refused("unknown compression 'brotli'", "--compression", "none,brotli");
		refused("compression 'lz4' given twice", "--compression", "lz4,lz4");
		refused("unknown layout 'hash'", "--layouts", "string-per-key,hash");
		refused("layout 'hash-bucket' given twice", "--layouts", "hash-bucket,hash-bucket");
		refused("needs --store redis", "--store", "memcached", "--layouts", "hash-bucket");
		refused("at least 3 masters", "--cluster", "2");
		refused("only one of them", "--cluster", "3", "--cluster-nodes", "127.0.0.1:1", "--allow-flush");
		refused("--allow-flush", "--cluster-nodes", "127.0.0.1:1");
		refused("--allow-flush", "--redis-host", "127.0.0.1", "--redis-port", "1");
		refused("a percentage from 0 to 100", "--warmup-jit-share", "101");
		refused("BENCH_WARMUP_ROUNDS must be at least 1", "--warmup-rounds", "0");
		refused("unknown app 'redis'", "--apps", "string,redis");
		refused("app 'string' given twice", "--apps", "string,string");
		refused("BENCH_REPETITIONS must be a whole number", "--repetitions", "2x");
		refused("a concurrency is a whole number", "--concurrency", "2x");
		refused("concurrency '10' given twice", "--concurrency", "10,10");
		refused("Redis round trip '1ms' given twice", "--redis-rtt", "1ms,1ms");
		refused("BENCH_APP_THREADS must be at least 1", "--app-threads", "0");
		refused("exceeds the requests of a phase", "-n", "10", "-c", "20", "-w", "0");
		refused("exceeds the warm-up requests (10)", "-n", "100", "-c", "20", "-w", "10");
		this.environment.put("BENCH_PROFILE_REQUESTS", "5");
		refused("exceeds the profiled phase's 5 requests", "-n", "100", "-c", "20", "-w", "0", "--profile");
		this.environment.clear();
		refused("'2ms2' is 0 or a duration", "--app-rtt", "2ms2");
		refused("only, not with --cluster", "--redis-rtt", "1ms", "--cluster", "3");
		refused("not run against memcached", "--store", "redis,memcached", "--redis-rtt", "1ms");
		refused("need --store redis among the stores", "--store", "memcached", "--redis-settings", "lru");
		refused("only on a Redis it starts", "--redis-settings", "rdb", "--redis-host", "h", "--allow-flush");
		refused("is below 1000 ms", "--redis-stall", "1000");
		refused("pauses only a Redis bench.sh starts", "--redis-stall", "10", "--redis-host", "h", "--allow-flush");
		refused("a rate is a whole number", "--rates", "0");
		refused("--slo is p50, p90, p99 or p99.9", "--slo", "p95=20ms");
		refused("--slo is p50, p90, p99 or p99.9", "--slo", "p99=20");
		refused("rate '10' given twice", "--rates", "10,10");
		refused("--sample-interval must be at most 3600 s", "--sample-interval", "3601");
		refused("--sample-interval must be a number of seconds", "--sample-interval", "1s");
		refused("--ttl must be none, a duration", "--ttl", "5 minutes");
		refused("BENCH_GENERATOR_NICE is a nice value from -20 to 19, was '20'", "--generator-nice", "20");
		refused("BENCH_GENERATOR_NICE is a nice value from -20 to 19, was '-21'", "--generator-nice=-21");
		refused("--step-keys is fresh or a whole multiple of the 100 persons of a request, was 150", "--step-keys",
				"150");
		refused("BENCH_STEP_KEYS must be at least 100, was 50", "--step-keys", "50");
		refused("BENCH_STEP_KEYS must be a whole number, was 'new'", "--step-keys", "new");
		refused("--cpu-placement: unknown process 'web' (one of: redis,app,generator)", "--cpu-placement", "web=0");
		refused("--cpu-placement: redis's CPUs 0,4095 are not all online here", "--cpu-placement", "redis=0,4095");
		refused("--cpu-placement: app's CPUs are a list such as 0, 0-1 or 0,2; was 'one'", "--cpu-placement",
				"app=one");
		refused("--cpu-placement: app given twice", "--cpu-placement", "app=0,app=0");
		refused("--cpu-placement is NAME=CPUS", "--cpu-placement", "0,redis=0");
		refused("pins redis only on stores bench.sh starts", "--cpu-placement", "redis=0", "--redis-host", "h",
				"--allow-flush");
		refused("pins redis only on stores bench.sh starts", "--cpu-placement", "redis=0", "--cluster-nodes",
				"10.0.0.1:7000", "--allow-flush");
		refused("pins the generator of open-loop steps: give --rates or --slo", "--cpu-placement", "generator=0");
		this.environment.put("BENCH_STRING_URL", "http://127.0.0.1:1");
		refused("pins app only on apps bench.sh starts, not BENCH_STRING_URL", "--apps", "string", "--cpu-placement",
				"app=0");
		refused("sets the ids' range of apps bench.sh starts, not of BENCH_STRING_URL", "--apps", "string",
				"--step-keys", "1000");
		this.environment.clear();
		Files.createDirectories(this.folder.resolve("run/raw"));
		refused("already holds a run", "-o", this.folder.resolve("run").toString());
	}

	@Test
	void theEnvironmentsBadValuesAreRefusedNamingTheVariable() {
		List<List<String>> bad = List.of(List.of("BENCH_KEEPALIVE", "1", "BENCH_KEEPALIVE is one of: yes no; was '1'"),
				List.of("APP_JIT", "c2", "APP_JIT is one of: full c1"),
				List.of("BENCH_BUILD", "sometimes", "BENCH_BUILD is one of: auto always never"),
				List.of("BENCH_STOP_TIMEOUT", "-1", "BENCH_STOP_TIMEOUT must be a whole number"),
				List.of("BENCH_KRYO_PORT", "0", "BENCH_KRYO_PORT must be at least 1"),
				List.of("BENCH_RDB_SAVE", "60", "BENCH_RDB_SAVE is 'SECONDS CHANGES'"),
				List.of("BENCH_MEMCACHED_MB", "lots", "BENCH_MEMCACHED_MB must be a whole number"),
				List.of("BENCH_PROFILE_EVENT", "perf", "BENCH_PROFILE_EVENT is one of: cpu itimer wall"),
				List.of("BENCH_PROFILE_INTERVAL", "1", "BENCH_PROFILE_INTERVAL is a time such as 1ms"),
				List.of("BENCH_PROFILE_PHASES", "noop,get", "unknown profiled phase 'get'"),
				List.of("BENCH_OPEN_LOOP_PATH", "/add", "BENCH_OPEN_LOOP_PATH is an endpoint such as add"),
				List.of("BENCH_SLO_SEARCHES", "0", "BENCH_SLO_SEARCHES must be at least 1"));
		for (List<String> each : bad) {
			this.environment.clear();
			this.environment.put(each.get(0), each.get(1));
			refused(each.get(2));
		}
		this.environment.clear();
		this.environment.putAll(Map.of("BENCH_SLO_START", "500", "BENCH_SLO_MAX", "100"));
		refused("BENCH_SLO_START (500) is above BENCH_SLO_MAX (100)", "--slo", "p99=20ms");
	}

	@Test
	void aNegativeGeneratorNiceIsRootsOnly() {
		assertThatThrownBy(() -> BenchSettings.checkGeneratorNice(-1, false)).isInstanceOf(Refusal.class)
			.hasMessageContaining("--generator-nice -1 raises the generator's priority, which only root may do");
		BenchSettings.checkGeneratorNice(-20, true);
		BenchSettings.checkGeneratorNice(19, false);
	}

	@Test
	void anAppAlreadyRunningTakesOneVariantOfItsOwn() {
		this.environment.put("BENCH_KRYO_URL", "http://127.0.0.1:1");
		refused("one --layouts", "--layouts", "string-per-key,hash-bucket");
		refused("one --modes", "--modes", "per-key,pipeline");
		refused("cannot point it at memcached", "--store", "memcached");
		this.environment.put("BENCH_APP_EXEC", "ip netns exec app");
		refused("needs apps bench.sh starts, not BENCH_KRYO_URL", "--app-rtt", "1ms");
		this.environment.clear();
		this.environment.put("BENCH_STRING_URL", "http://127.0.0.1:1");
		refused("no --cluster", "--cluster", "3");
	}

	@Test
	void helpGroupsEveryOptionAndSettingByTopicWithItsValue() {
		this.environment.put("BENCH_REQUESTS", "777");
		this.environment.put("BENCH_APPS", "50%s");
		assertThat(exit("--help")).isZero();
		String help = this.out.toString();
		assertThat(help).contains("[BENCH_APPS=50%s]");
		List<Integer> headings = new ArrayList<>();
		for (Topic topic : Topic.values()) {
			assertThat(help).contains("\n" + topic.heading() + ":\n");
			headings.add(help.indexOf("\n" + topic.heading() + ":\n"));
		}
		assertThat(headings).isSorted();
		assertThat(help).contains("-n, --requests=N").contains("[BENCH_REQUESTS=777]")
			.contains("of: none, gzip, lz4, zstd, zstd-dict").contains("Exit status: 0 every run valid, 3");
		for (Setting setting : Setting.values()) {
			assertThat(help.replaceAll("\\s+", " ")).contains("[" + setting.variable() + "=");
		}
		assertThat(help.indexOf("--quick")).isLessThan(help.indexOf("--cache-scenario"));
		assertThat(help.indexOf("-n, --requests")).isLessThan(help.indexOf("-c, --concurrency"));
	}

}
