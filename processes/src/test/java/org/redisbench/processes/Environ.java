package org.redisbench.processes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The environment a running process of ours was started with, as the kernel keeps it in /proc. */
final class Environ {

	/**
	 * What the shell the tests run from holds, wrong for our servers: processes/pom.xml sets it for the tests' JVM,
	 * so that each test of this module runs from such a shell.
	 */
	static final List<String> SHELL_SETTINGS = List.of("REDISCLI_AUTH", "REDIS_PASSWORD",
			"SPRING_DATA_REDIS_PASSWORD", "SPRING_DATA_REDIS_PORT");

	private Environ() {
	}

	/** Its variables, as {@code NAME=value}. */
	static List<String> of(long pid) throws IOException {
		return List.of(new String(Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "environ")),
				StandardCharsets.UTF_8).split("\0"));
	}

	/** The names of {@link #SHELL_SETTINGS} as {@code environment} holds them, to assert none is there. */
	static List<String> shellSettingsIn(List<String> environment) {
		return environment.stream()
			.filter((entry) -> SHELL_SETTINGS.stream().anyMatch((name) -> entry.startsWith(name + "=")))
			.toList();
	}

}
