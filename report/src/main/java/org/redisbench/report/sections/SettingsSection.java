package org.redisbench.report.sections;

import org.redisbench.model.Layout;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/** How bench.sh was run: load, repetitions, apps, matrix, Redis and where everything ran. */
public final class SettingsSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		KeyValues s = run.settings();
		md.line("## Settings");
		md.line();
		md.header("setting", "value");
		md.row("measured phases", "`ab -n %s -c %s%s` on /add and /check, %s on /noop".formatted(s.get("requests", "?"),
				s.get("concurrency", "?"), "yes".equals(s.get("keep_alive", "no")) ? " -k" : "",
				s.get("noop_requests", "?")));
		md.row("warm-up", warmup(s));
		md.row("repetitions", s.get("repetitions", "?") + ", each app in turn alone on a FLUSHALLed Redis");
		for (String app : run.variants().stream().map(Variant::app).distinct().toList()) {
			md.row(app + " app", s.get(app + "_app", "?"));
		}
		md.row("modes; compressions; layouts; topologies", String.join("; ", s.get("modes", "per-key"),
				s.get("compressions", "none"), s.get("layouts", Layout.STRING_PER_KEY.label()),
				s.get("topologies", "single")));
		if (s.get("cluster_address", null) != null) {
			md.row("Redis Cluster", s.get("cluster_address", null));
		}
		md.row("persons per request", s.get("batch_size", "?"));
		String redisArgs = s.get("redis_args", "");
		md.row("Redis", s.get("redis", "?") + ", " + s.get("redis_address", "?")
				+ (redisArgs.isEmpty() ? "" : ", with `" + redisArgs + "`"));
		md.row("placement", s.get("placement", "?"));
		String cpus = s.get("cpu_placement", "");
		if (!cpus.isEmpty()) {
			md.row("CPU placement", "`" + cpus + "` (taskset -c, every thread; each open-loop step records what the"
					+ " kernel then allowed, cpus_allowed_*)");
		}
		String keys = s.get("step_keys", "fresh");
		if (!keys.equals("fresh")) {
			md.row("open-loop keyspace", "the apps' ids wrap over 1.." + keys + " in every phase, ab's too (their"
					+ " persons a key are not the published run's); the steps keep the store as it is, overwriting"
					+ " those keys (--step-keys)");
		}
		String nice = s.get("generator_nice", "0");
		if (!nice.equals("0")) {
			md.row("open-loop generator", "`nice -n " + nice + "` (each step records its nice value, generator_nice)");
		}
		md.row("redis-benchmark", s.get("redis_bench_requests", "?") + " requests per test, SET and GET, clients = concurrency");
		md.row("JVM options", s.get("java_opts", "").isEmpty() ? "(none)" : "`" + s.get("java_opts", "") + "`");
		md.row("app start", appStart(s.get("app_class_sharing", "no"), s.get("app_jit", "full")));
		md.row("request threads", requestThreads(s.get("app_threads", null), s.get("app_threads_setting", null)));
		md.row("started, finished", s.get("started", "?") + ", " + s.get("finished", "(not finished)"));
		md.row("commit", s.get("git_commit", "?"));
		md.line();
	}

	/**
	 * The apps' {@code server.tomcat.threads.max}: Tomcat's 200 is the published app's; a run before bench.sh set it
	 * recorded nothing, and ran with those.
	 */
	public static String requestThreads(String threads, String setting) {
		if (threads == null) {
			return "200, Tomcat's, as published";
		}
		String count = "`server.tomcat.threads.max=" + threads + "`";
		if ("200".equals(threads)) {
			return count + ", Tomcat's, as published" + ("auto".equals(setting) ? " (auto: a distance in the run)" : "");
		}
		return count + ("auto".equals(setting)
				? " (auto: 8 a core, Redis on this machine; the published app has Tomcat's 200, --app-threads 200 runs those)"
				: " (--app-threads; the published app has Tomcat's 200)");
	}

	/** How bench.sh started the apps (scripts/lib/apps.sh): what differs from the published start is said. */
	public static String appStart(String classSharing, String jit) {
		String start = "yes".equals(classSharing) ? "through a class-data-sharing archive" : "java -jar, as published";
		return start + ("c1".equals(jit)
				? "; the quick compiler only (APP_JIT=c1): a smoke run's setting, its figures are no app's"
				: "; both compilers, as published");
	}

	/** The warm-up's rule, as the run recorded it: three generations of runs, told apart by what they recorded. */
	static String warmup(KeyValues s) {
		if (s.get("warmup_rounds", null) == null) {
			// Runs from before warm-up rounds had one round on /add and /check.
			return s.get("warmup", "?") + " requests on /add, then on /check, thrown away";
		}
		if (s.get("warmup_compiles", null) == null) {
			return "rounds of " + s.get("warmup", "?") + " requests on /add, /check and /noop, thrown away, until "
					+ "compiling took under " + s.get("warmup_jit_share", "?") + "% of the app's CPU during ab; at most "
					+ s.get("warmup_rounds", "?") + " rounds";
		}
		return "rounds on /add, /check and /noop, thrown away, of " + s.get("warmup", "?") + " requests each, then twice "
				+ "as many a round, until a round's compilations came to at most " + s.get("warmup_compiles", "?")
				+ " a 1,000 requests; at most " + s.get("warmup_rounds", "?") + " × " + s.get("warmup", "?")
				+ " requests each";
	}

}
