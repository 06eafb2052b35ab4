package org.redisbench.bench;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Every environment variable bench reads, with its default: an option's value unless the option is given, or,
 * for a setting without an option, its only source. {@code help} says what such a setting does; an option says it
 * in its own description.
 */
enum Setting {

	REQUESTS("BENCH_REQUESTS", "150000", Topic.LOAD, ""),
	CONCURRENCY("BENCH_CONCURRENCY", "200", Topic.LOAD, ""),
	WARMUP("BENCH_WARMUP", "5000", Topic.LOAD, ""),
	WARMUP_ROUNDS("BENCH_WARMUP_ROUNDS", "12", Topic.LOAD, ""),
	// Per-key apps fell from about 1,250 compilations a 1,000 requests in their first round to 8-10 in rounds of
	// 6,000 and stayed there, pipelined ones to 21-42 (--quick --warmup-rounds 8 --warmup-compiles 0, 2026-12-06):
	// half the per-key apps' floor at that size, which longer rounds lower.
	WARMUP_COMPILES("BENCH_WARMUP_COMPILES", "5", Topic.LOAD, ""),
	WARMUP_JIT_SHARE("BENCH_WARMUP_JIT_SHARE", "2", Topic.LOAD, ""),
	WARMUP_SECONDS("BENCH_WARMUP_SECONDS", "0", Topic.LOAD, ""),
	JIT_IDLE_TIMEOUT("BENCH_JIT_IDLE_TIMEOUT", "30", Topic.LOAD, "seconds to wait for an idle JIT"),
	REPETITIONS("BENCH_REPETITIONS", "3", Topic.LOAD, ""),
	KEEPALIVE("BENCH_KEEPALIVE", "no", Topic.LOAD, ""),
	NOOP_REQUESTS("BENCH_NOOP_REQUESTS", "", Topic.LOAD, ""),
	REDIS_BENCH_REQUESTS("BENCH_REDIS_BENCH_REQUESTS", "200000", Topic.LOAD, ""),
	STRLEN_SAMPLE("BENCH_STRLEN_SAMPLE", "1000", Topic.LOAD, "keys STRLEN-sampled for the value size"),
	APPS("BENCH_APPS", "string,kryo", Topic.MATRIX, ""),
	MODES("BENCH_MODES", "per-key", Topic.MATRIX, ""),
	COMPRESSION("BENCH_COMPRESSION", "none", Topic.MATRIX, ""),
	LAYOUTS("BENCH_LAYOUTS", "string-per-key", Topic.MATRIX, ""),
	SAMPLE_INTERVAL("BENCH_SAMPLE_INTERVAL", "1", Topic.OVER_TIME, ""),
	TTL("BENCH_TTL", "", Topic.OVER_TIME, ""),
	RATES("BENCH_RATES", "", Topic.OPEN_LOOP, ""),
	SLO("BENCH_SLO", "", Topic.OPEN_LOOP, ""),
	STEP_SECONDS("BENCH_STEP_SECONDS", "10", Topic.OPEN_LOOP, ""),
	STEP_LEAD_IN("BENCH_STEP_LEAD_IN", "2", Topic.OPEN_LOOP, "seconds before them, uncounted"),
	SLO_START("BENCH_SLO_START", "50", Topic.OPEN_LOOP, "the search's first rate, doubled"),
	SLO_PRECISION("BENCH_SLO_PRECISION", "10", Topic.OPEN_LOOP, "it ends within this % of a rate"),
	SLO_MAX("BENCH_SLO_MAX", "20000", Topic.OPEN_LOOP, "highest rate tried"),
	SLO_SEARCHES("BENCH_SLO_SEARCHES", "2", Topic.OPEN_LOOP, "searches a repetition"),
	OPEN_LOOP_PATH("BENCH_OPEN_LOOP_PATH", "add", Topic.OPEN_LOOP, "the endpoint loaded"),
	// The generator's JVM: C1 alone halved its CPU in a step this short, the serial collector took 8% off what
	// was left (docs/open-loop.md, "The generator's own CPU").
	OPEN_LOOP_JAVA_OPTS("BENCH_OPEN_LOOP_JAVA_OPTS", "-Xms256m -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
			Topic.OPEN_LOOP, "the generator's JVM options"),
	REDIS_STALL("BENCH_REDIS_STALL", "0", Topic.OPEN_LOOP, ""),
	GENERATOR_NICE("BENCH_GENERATOR_NICE", "0", Topic.OPEN_LOOP, ""),
	STEP_KEYS("BENCH_STEP_KEYS", "fresh", Topic.OPEN_LOOP, ""),
	REDIS_RTT("BENCH_REDIS_RTT", "0", Topic.DISTANCE, ""),
	APP_RTT("BENCH_APP_RTT", "0", Topic.DISTANCE, ""),
	STORES("BENCH_STORES", "redis", Topic.STORES, ""),
	REDIS_SETTINGS("BENCH_REDIS_SETTINGS", "default", Topic.STORES, ""),
	RDB_SAVE("BENCH_RDB_SAVE", "60 10000", Topic.STORES, "rdb: Redis's save rule"),
	LRU_MAXMEMORY("BENCH_LRU_MAXMEMORY", "auto", Topic.STORES, "lru: maxmemory bytes (auto: 64 bytes a person of /add)"),
	OWN_MEMCACHED_PORT("BENCH_OWN_MEMCACHED_PORT", "21211", Topic.STORES, "private memcached: first port"),
	MEMCACHED_MB("BENCH_MEMCACHED_MB", "auto", Topic.STORES, "its -m in MB (auto: room for a phase)"),
	REDIS_HOST("BENCH_REDIS_HOST", "", Topic.REDIS, ""),
	REDIS_PORT("BENCH_REDIS_PORT", "6379", Topic.REDIS, ""),
	ALLOW_FLUSH("BENCH_ALLOW_FLUSH", "no", Topic.REDIS, ""),
	CLUSTER("BENCH_CLUSTER", "0", Topic.REDIS, ""),
	CLUSTER_NODES("BENCH_CLUSTER_NODES", "", Topic.REDIS, ""),
	OWN_REDIS_PORT("BENCH_OWN_REDIS_PORT", "26379", Topic.REDIS, "private redis-server: first port"),
	REDIS_BIND("BENCH_REDIS_BIND", "127.0.0.1", Topic.REDIS, "its address"),
	REDIS_ARGS("BENCH_REDIS_ARGS", "", Topic.REDIS, "more redis-server arguments"),
	BUILD("BENCH_BUILD", "auto", Topic.APPS, ""),
	APP_THREADS("BENCH_APP_THREADS", "auto", Topic.APPS, ""),
	// One fixed heap, so that RSS and GC are the codec's, not the machine's.
	JAVA_OPTS("BENCH_JAVA_OPTS", "-Xms512m -Xmx512m", Topic.APPS, "JVM options of every app"),
	APP_JAVA("APP_JAVA", "java", Topic.APPS, "the java that runs the apps, e.g."
			+ " /usr/lib/jvm/temurin-25-jdk-amd64/bin/java"),
	CLASS_SHARING("APP_CLASS_SHARING", "no", Topic.APPS, "yes: start each app through a class-data-sharing archive,"
			+ " about half the start-up CPU (on Java 25+ an AOT cache, trained on requests); no: java -jar, as"
			+ " published"),
	JIT("APP_JIT", "full", Topic.APPS, "full: both of the JVM's compilers, as published; c1: the quick one only, for"
			+ " smoke runs (no app's figures)"),
	STRING_PORT("BENCH_STRING_PORT", "8080", Topic.APPS, "the string app's first port tried"),
	KRYO_PORT("BENCH_KRYO_PORT", "18080", Topic.APPS, "the kryo app's first port tried"),
	JACKSON_PORT("BENCH_JACKSON_PORT", "28080", Topic.APPS, "the jackson app's first port tried"),
	STRING_URL("BENCH_STRING_URL", "", Topic.APPS, "a string app already running there"),
	KRYO_URL("BENCH_KRYO_URL", "", Topic.APPS, "a kryo app already running there"),
	JACKSON_URL("BENCH_JACKSON_URL", "", Topic.APPS, "a jackson app already running there"),
	REDIS_EXEC("BENCH_REDIS_EXEC", "", Topic.PLACEMENT, "prefix for redis-server"),
	APP_EXEC("BENCH_APP_EXEC", "", Topic.PLACEMENT, "prefix for java"),
	CLIENT_EXEC("BENCH_CLIENT_EXEC", "", Topic.PLACEMENT, "prefix for ab, curl, redis-cli, redis-benchmark"),
	CPU_PLACEMENT("BENCH_CPU_PLACEMENT", "", Topic.PLACEMENT, ""),
	APP_HOST("BENCH_APP_HOST", "127.0.0.1", Topic.PLACEMENT, "the client reaches the app at"),
	APP_BIND("BENCH_APP_BIND", "", Topic.PLACEMENT, "the app listens on (empty: BENCH_APP_HOST)"),
	APP_REDIS_HOST("BENCH_APP_REDIS_HOST", "", Topic.PLACEMENT, "the app reaches Redis at (empty: as the client)"),
	PROFILE("BENCH_PROFILE", "yes", Topic.PROFILE, ""),
	PROFILE_REQUESTS("BENCH_PROFILE_REQUESTS", "", Topic.PROFILE, "requests per profiled phase (empty: -n, at most"
			+ " 20000)"),
	PROFILE_PHASES("BENCH_PROFILE_PHASES", "noop,add,check", Topic.PROFILE, "the phases profiled"),
	PROFILE_EVENT("BENCH_PROFILE_EVENT", "cpu", Topic.PROFILE, "event: cpu, itimer, wall"),
	PROFILE_INTERVAL("BENCH_PROFILE_INTERVAL", "1ms", Topic.PROFILE, "CPU time between samples"),
	OUTPUT("BENCH_OUTPUT", "", Topic.OUTPUT, ""),
	AB_TIMEOUT("BENCH_AB_TIMEOUT", "30", Topic.TIMEOUTS, "ab's wait for one response (-s)"),
	PHASE_TIMEOUT("BENCH_PHASE_TIMEOUT", "3600", Topic.TIMEOUTS, "one ab, redis-benchmark or build"),
	START_TIMEOUT("BENCH_START_TIMEOUT", "120", Topic.TIMEOUTS, "an app until it is UP"),
	STOP_TIMEOUT("BENCH_STOP_TIMEOUT", "30", Topic.TIMEOUTS, "a stopped process until SIGKILL");

	private final String variable;

	private final String fallback;

	private final Topic topic;

	private final String help;

	Setting(String variable, String fallback, Topic topic, String help) {
		this.variable = variable;
		this.fallback = fallback;
		this.topic = topic;
		this.help = help;
	}

	String variable() {
		return this.variable;
	}

	Topic topic() {
		return this.topic;
	}

	/** Its value when the environment gives none. */
	String fallback() {
		return this.fallback;
	}

	/** What --help says of a setting without an option; empty for one an option shows. */
	String help() {
		return this.help;
	}

	/** The environment's value, or the default when it has none or an empty one (as bash's ${NAME:-default}). */
	String from(Function<String, String> environment) {
		String value = environment.apply(this.variable);
		return value == null || value.isEmpty() ? this.fallback : value;
	}

	/** Every setting's value in that environment. */
	static Map<Setting, String> read(Function<String, String> environment) {
		Map<Setting, String> values = new EnumMap<>(Setting.class);
		for (Setting setting : values()) {
			values.put(setting, setting.from(environment));
		}
		return values;
	}

}
