package org.redisbench.bench.run;

import java.nio.file.Path;
import java.util.Optional;

import org.redisbench.bench.BenchSettings;
import org.redisbench.processes.AppJars;

/**
 * What every part of a run reads: its checked settings, where each program runs, its log, its folder and raw/
 * folder, the repository whose jars it starts, and the Redis password (REDIS_PASSWORD, only from the environment: a
 * command line is public), which reaches redis-cli and the apps through their environments only.
 */
public record RunContext(BenchSettings settings, Placement placement, RunLog log, Path out, Path raw,
		Path repository, Optional<String> password) {

	/**
	 * A jar of the repository, as scripts/lib/apps.sh's {@code jar_of} names it: an app's ({@code string},
	 * {@code kryo}, {@code jackson}), the launcher's, or a module's ({@code open-loop}, {@code latency-proxy}).
	 */
	public Path jar(String part) {
		return switch (part) {
			case "string", "kryo", "jackson" -> AppJars.of(RunContext.class).jar(part);
			case "launcher" -> this.repository.resolve("launcher/target/redis-bench.jar");
			default -> this.repository.resolve(part + "/target/" + part + ".jar");
		};
	}

}
