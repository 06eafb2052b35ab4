package org.redisbench.processes;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A JVM that starts a child of its own and ends without stopping it, for ChildProcessTest. */
public final class StartsASleep {

	private StartsASleep() {
	}

	public static void main(String[] arguments) {
		Path folder = Path.of(arguments[0]);
		ChildProcess sleep = ChildProcess.start(folder, List.of("sleep", "600"), folder.resolve("sleep.log"), Map.of());
		System.out.println(sleep.pid());
	}

}
