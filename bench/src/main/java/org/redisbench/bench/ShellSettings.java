package org.redisbench.bench;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

import org.redisbench.model.Vocabulary;
import org.redisbench.valueformat.Named;

/**
 * The checked settings as bash assignments, for scripts/bench.sh's runner to source: every setting's variable
 * with its value as checked (defaults resolved), the lists as arrays, and the vocabulary the runner shares with
 * the apps. Every value is single-quoted, so that nothing a user typed is ever run by the shell.
 */
final class ShellSettings {

	private ShellSettings() {
	}

	static String of(BenchSettings settings) {
		StringBuilder shell = new StringBuilder("# redis-bench bench: the checked settings, for scripts/bench.sh\n");
		for (Setting setting : Setting.values()) {
			shell.append(setting.variable()).append('=').append(quoted(value(settings, setting))).append('\n');
		}
		shell.append(array("APPS", settings.apps().stream().map(App::label).toList()))
			.append(array("MODES", labels(settings.modes())))
			.append(array("COMPRESSIONS", settings.compressions().stream().map(Named::label).toList()))
			.append(array("LAYOUTS", settings.layouts().stream().map(Named::label).toList()))
			.append(array("STORES", labels(settings.stores())))
			.append(array("REDIS_SETTINGS", labels(settings.redisSetups())))
			.append(array("CONCURRENCIES", settings.concurrencies().stream().map(String::valueOf).toList()))
			.append(array("REDIS_RTTS", settings.redisRtts()))
			.append(array("APP_RTTS", settings.appRtts()))
			.append(array("RATES", settings.rates()))
			.append(array("PROFILE_PHASES", settings.profilePhases()))
			.append(array("REDIS_EXEC", settings.redisExec()))
			.append(array("APP_EXEC", settings.appExec()))
			.append(array("CLIENT_EXEC", settings.clientExec()))
			.append(array("JAVA_OPTS", settings.javaOptions()))
			.append(array("REDIS_ARGS", settings.redisArguments()))
			.append(array("OPEN_LOOP_JAVA_OPTS", settings.openLoopJavaOptions()))
			.append("QUICK=").append(yes(settings.quick())).append('\n')
			.append(Vocabulary.shell());
		return shell.toString();
	}

	/** A setting's value as the runner reads it: as checked, a default that depends on others resolved. */
	private static String value(BenchSettings settings, Setting setting) {
		return switch (setting) {
			case REQUESTS -> String.valueOf(settings.requests());
			case CONCURRENCY -> joined(settings.concurrencies());
			case WARMUP -> String.valueOf(settings.warmup());
			case WARMUP_ROUNDS -> String.valueOf(settings.warmupRounds());
			case WARMUP_JIT_SHARE -> plain(settings.warmupJitShare());
			case WARMUP_SECONDS -> seconds(settings.warmupSeconds());
			case JIT_IDLE_TIMEOUT -> seconds(settings.jitIdleTimeout());
			case REPETITIONS -> String.valueOf(settings.repetitions());
			case KEEPALIVE -> yes(settings.keepAlive());
			case NOOP_REQUESTS -> String.valueOf(settings.noopRequests());
			case REDIS_BENCH_REQUESTS -> String.valueOf(settings.redisBenchRequests());
			case STRLEN_SAMPLE -> String.valueOf(settings.strlenSample());
			case APPS -> joined(settings.apps().stream().map(App::label).toList());
			case MODES -> joined(labels(settings.modes()));
			case COMPRESSION -> joined(settings.compressions().stream().map(Named::label).toList());
			case LAYOUTS -> joined(settings.layouts().stream().map(Named::label).toList());
			case SAMPLE_INTERVAL -> plain(settings.sampleInterval());
			case TTL -> settings.ttl().orElse("");
			case RATES -> joined(settings.rates());
			case SLO -> settings.slo().orElse("");
			case STEP_SECONDS -> seconds(settings.stepSeconds());
			case STEP_LEAD_IN -> seconds(settings.stepLeadIn());
			case SLO_START -> String.valueOf(settings.sloStart());
			case SLO_PRECISION -> String.valueOf(settings.sloPrecision());
			case SLO_MAX -> String.valueOf(settings.sloMax());
			case SLO_SEARCHES -> String.valueOf(settings.sloSearches());
			case OPEN_LOOP_PATH -> settings.openLoopPath();
			case OPEN_LOOP_JAVA_OPTS -> String.join(" ", settings.openLoopJavaOptions());
			case REDIS_STALL -> String.valueOf(settings.redisStall().toMillis());
			case REDIS_RTT -> joined(settings.redisRtts());
			case APP_RTT -> joined(settings.appRtts());
			case STORES -> joined(labels(settings.stores()));
			case REDIS_SETTINGS -> joined(labels(settings.redisSetups()));
			case RDB_SAVE -> settings.rdbSave();
			case LRU_MAXMEMORY -> autoOr(settings.lruMaxmemory());
			case OWN_MEMCACHED_PORT -> String.valueOf(settings.ownMemcachedPort());
			case MEMCACHED_MB -> autoOr(settings.memcachedMegabytes());
			case REDIS_HOST -> settings.redisHost();
			case REDIS_PORT -> String.valueOf(settings.redisPort());
			case ALLOW_FLUSH -> yes(settings.allowFlush());
			case CLUSTER -> String.valueOf(settings.cluster());
			case CLUSTER_NODES -> settings.clusterNodes();
			case OWN_REDIS_PORT -> String.valueOf(settings.ownRedisPort());
			case REDIS_BIND -> settings.redisBind();
			case REDIS_ARGS -> String.join(" ", settings.redisArguments());
			case BUILD -> settings.build().label();
			case APP_THREADS -> autoOr(settings.appThreads());
			case JAVA_OPTS -> String.join(" ", settings.javaOptions());
			case CLASS_SHARING -> yes(settings.classSharing());
			case JIT -> settings.jit();
			case STRING_PORT -> String.valueOf(settings.ports().get(App.STRING));
			case KRYO_PORT -> String.valueOf(settings.ports().get(App.KRYO));
			case JACKSON_PORT -> String.valueOf(settings.ports().get(App.JACKSON));
			case STRING_URL -> settings.urls().getOrDefault(App.STRING, "");
			case KRYO_URL -> settings.urls().getOrDefault(App.KRYO, "");
			case JACKSON_URL -> settings.urls().getOrDefault(App.JACKSON, "");
			case REDIS_EXEC -> String.join(" ", settings.redisExec());
			case APP_EXEC -> String.join(" ", settings.appExec());
			case CLIENT_EXEC -> String.join(" ", settings.clientExec());
			case APP_HOST -> settings.appHost();
			case APP_BIND -> settings.appBind();
			case APP_REDIS_HOST -> settings.appRedisHost();
			case PROFILE -> yes(settings.profile());
			case PROFILE_REQUESTS -> String.valueOf(settings.profileRequests());
			case PROFILE_PHASES -> joined(settings.profilePhases());
			case PROFILE_EVENT -> settings.profileEvent();
			case PROFILE_INTERVAL -> settings.profileInterval();
			case OUTPUT -> settings.output();
			case AB_TIMEOUT -> seconds(settings.abTimeout());
			case PHASE_TIMEOUT -> seconds(settings.phaseTimeout());
			case START_TIMEOUT -> seconds(settings.startTimeout());
			case STOP_TIMEOUT -> seconds(settings.stopTimeout());
		};
	}

	/** Single quotes around it, each of its own closed, escaped and reopened: bash runs nothing of it. */
	static String quoted(String value) {
		return "'" + value.replace("'", "'\\''") + "'";
	}

	private static String array(String name, List<String> items) {
		return name + "=(" + items.stream().map(ShellSettings::quoted).collect(Collectors.joining(" ")) + ")\n";
	}

	private static List<String> labels(List<? extends Enum<?>> words) {
		return words.stream().map(Named::labelOf).toList();
	}

	private static String joined(List<?> items) {
		return items.stream().map(String::valueOf).collect(Collectors.joining(","));
	}

	private static String yes(boolean yes) {
		return yes ? "yes" : "no";
	}

	private static String seconds(Duration duration) {
		return String.valueOf(duration.toSeconds());
	}

	private static String plain(BigDecimal number) {
		return number.toPlainString();
	}

	private static String autoOr(OptionalInt number) {
		return number.isPresent() ? String.valueOf(number.getAsInt()) : "auto";
	}

}
