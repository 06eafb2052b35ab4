package org.redisbench.bench.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.processes.ProgramPath;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.Store;
import org.redisbench.commandline.Failure;

/** The commands a run needs on the PATH, each named with its package when missing, before anything starts. */
public final class RequiredCommands {

	private RequiredCommands() {
	}

	/** A {@code Failure} naming every command missing, as {@code command:where it comes from}. */
	public static void check(BenchSettings settings) {
		Map<String, String> needed = new LinkedHashMap<>();
		needed.put("java", "a JDK 17+");
		needed.put("ab", "Debian apache2-utils");
		needed.put("curl", "Debian curl");
		needed.put("redis-cli", "Debian redis-tools");
		needed.put("redis-benchmark", "Debian redis-tools");
		needed.put("timeout", "Debian coreutils");
		if (settings.redisHost().isEmpty() || settings.cluster() > 0) {
			needed.put("redis-server", "Debian redis-server");
		}
		if (settings.profile()) {
			needed.put("jcmd", "a JDK 17+ (jcmd)");
		}
		if (settings.stores().contains(Store.MEMCACHED)) {
			needed.put("memcached", "Debian memcached");
		}
		if (!settings.cpuPlacement().isEmpty()) {
			needed.put("taskset", "Debian util-linux");
		}
		if (settings.generatorNice() != 0) {
			needed.put("nice", "Debian coreutils");
		}
		List<String> missing = new ArrayList<>();
		needed.forEach((command, from) -> {
			if (!ProgramPath.has(command)) {
				missing.add(command + ":" + from);
			}
		});
		if (!missing.isEmpty()) {
			throw new Failure("missing commands: " + String.join(" ", missing));
		}
	}

}
