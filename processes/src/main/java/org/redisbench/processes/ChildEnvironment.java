package org.redisbench.processes;

import java.util.List;

/**
 * What a child of ours inherits: the JVM's environment without the shell's Redis settings. A Redis password or
 * Spring setting exported in the user's shell would reach the redis-server, redis-cli, apps and tools we start and
 * change what they measure: {@code REDISCLI_AUTH} makes redis-cli AUTH to a Redis that has no password,
 * {@code SPRING_DATA_REDIS_URL} or {@code _PASSWORD} sends an app elsewhere or makes it fail. The rule is
 * scripts/lib/environment.sh's; a password meant for one child is handed to it by name
 * ({@link ChildProcess#start}).
 */
public final class ChildEnvironment {

	private ChildEnvironment() {
	}

	/** Whether a variable of the shell's stays out of every child's environment. */
	public static boolean isShellRedisSetting(String name) {
		return name.equals("REDISCLI_AUTH") || name.equals("REDIS_PASSWORD") || name.equals("ADVISE_PASSWORD")
				|| name.startsWith("SPRING_");
	}

	/** A builder of {@code command} whose environment has none of the shell's Redis settings. */
	public static ProcessBuilder processBuilder(List<String> command) {
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment().keySet().removeIf(ChildEnvironment::isShellRedisSetting);
		return builder;
	}

}
