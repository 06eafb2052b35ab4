package org.redisbench.bench.stores;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.redisbench.bench.run.Placement;
import org.redisbench.commandline.Refusal;

/**
 * The CLUSTER_* settings of a local cluster, as scripts/lib/cluster.sh read them: {@code redis-bench cluster}'s, and
 * a bench run's {@code --cluster N}, whose defaults are its private redis-server's place, bind address and arguments.
 * An empty value is the default, as bash's {@code ${NAME:-default}} reads it.
 */
public final class ClusterEnvironment {

	public static final String DEFAULT_BIND = "127.0.0.1";

	public static final String DEFAULT_FIRST_PORT = "30001";

	public static final String DEFAULT_NODE_TIMEOUT = "5000";

	public static final String DEFAULT_START_TIMEOUT = "30";

	public static final String DEFAULT_STOP_TIMEOUT = "15";

	private static final int BUS_OFFSET = 10000;

	private final Map<String, String> environment;

	public ClusterEnvironment(Map<String, String> environment) {
		this.environment = Map.copyOf(environment);
	}

	/** {@code redis-bench cluster}'s: here, on 127.0.0.1, the password from REDIS_PASSWORD. */
	public ClusterSettings settings() {
		return settings(DEFAULT_BIND, List.of(), new Placement(List.of(), List.of(), List.of()),
				value("REDIS_PASSWORD"));
	}

	/**
	 * The settings, a bad one refused (exit 2); {@code bind}, {@code redisArguments} and {@code placement}'s redis-server
	 * and redis-cli prefixes where CLUSTER_BIND, CLUSTER_REDIS_ARGS, CLUSTER_REDIS_EXEC and CLUSTER_CLI_EXEC are unset.
	 */
	public ClusterSettings settings(String bind, List<String> redisArguments, Placement placement,
			Optional<String> password) {
		int firstPort = number("CLUSTER_FIRST_PORT", DEFAULT_FIRST_PORT, 1, 65535 - BUS_OFFSET);
		int nodeTimeout = number("CLUSTER_NODE_TIMEOUT", DEFAULT_NODE_TIMEOUT, 1, Integer.MAX_VALUE);
		int startTimeout = number("CLUSTER_START_TIMEOUT", DEFAULT_START_TIMEOUT, 1, Integer.MAX_VALUE);
		int stopTimeout = number("CLUSTER_STOP_TIMEOUT", DEFAULT_STOP_TIMEOUT, 0, Integer.MAX_VALUE);
		Placement placed = new Placement(words("CLUSTER_REDIS_EXEC").orElse(placement.redis()), placement.app(),
				words("CLUSTER_CLI_EXEC").orElse(placement.client()), placement.cpus());
		return new ClusterSettings(value("CLUSTER_BIND").orElse(bind), firstPort, Duration.ofMillis(nodeTimeout),
				words("CLUSTER_REDIS_ARGS").orElse(redisArguments), Duration.ofSeconds(startTimeout),
				Duration.ofSeconds(stopTimeout), placed, password);
	}

	/** A setting's value; empty when unset or empty. */
	public Optional<String> value(String name) {
		return Optional.ofNullable(this.environment.get(name)).filter((value) -> !value.isEmpty());
	}

	/** A setting of words split at white space, as bash's {@code read -ra} splits it. */
	private Optional<List<String>> words(String name) {
		return value(name).map((value) -> Arrays.stream(value.trim().split("\\s+")).filter((word) -> !word.isEmpty())
			.toList());
	}

	private int number(String name, String otherwise, int least, int most) {
		String value = value(name).orElse(otherwise);
		if (!value.matches("[0-9]{1,10}") || Long.parseLong(value) < least || Long.parseLong(value) > most) {
			throw new Refusal(name + " is a whole number from " + least + " to " + most + ", was '" + value + "'");
		}
		return Integer.parseInt(value);
	}

}
