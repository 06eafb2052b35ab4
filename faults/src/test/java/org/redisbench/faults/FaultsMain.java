package org.redisbench.faults;

import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

/**
 * {@code redis-bench faults} as the launcher runs it, for {@link FaultsRunTest} to start in a JVM of its own; named
 * as the launcher names it, so that its refusals and failures read as a user's.
 */
public final class FaultsMain {

	private FaultsMain() {
	}

	public static void main(String[] args) {
		CommandLine line = CommandLines.of(new FaultsCommand());
		line.setCommandName("redis-bench faults");
		System.exit(line.execute(args));
	}

}
