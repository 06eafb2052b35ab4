package org.redisbench.processes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A JVM that starts a child of its own and ends without stopping it, for ChildProcessTest: a child started
 * ({@code start}), or a program it waits for ({@code program}) when the JVM exits.
 */
public final class StartsASleep {

	private StartsASleep() {
	}

	public static void main(String[] arguments) throws Exception {
		Path folder = Path.of(arguments[0]);
		if (arguments.length > 1 && arguments[1].equals("program")) {
			Path pid = folder.resolve("sleep.pid");
			// Its input comes once Program has it among the children to stop, so its pid is written after that.
			Thread waiting = new Thread(() -> Program.run(List.of("sh", "-c",
					"read -r go; echo $$ > \"$1\"; exec sleep 600", "sh", pid.toString()), Duration.ofMinutes(10),
					Map.of(), "go\n"));
			waiting.setDaemon(true);
			waiting.start();
			while (!Files.exists(pid) || Files.readString(pid).isBlank()) {
				Thread.sleep(10);
			}
			System.out.println(Files.readString(pid).strip());
			System.exit(0);
		}
		ChildProcess sleep = ChildProcess.start(folder, List.of("sleep", "600"), folder.resolve("sleep.log"), Map.of());
		System.out.println(sleep.pid());
	}

}
