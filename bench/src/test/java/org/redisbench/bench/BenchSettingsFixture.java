package org.redisbench.bench;

import java.util.Map;

import org.redisbench.commandline.CommandLines;

/** Settings as bench's command line gives them, for the tests of the runner's parts in other packages. */
public final class BenchSettingsFixture {

	private BenchSettingsFixture() {
	}

	/** The settings of these arguments, with these BENCH_* variables and no other. */
	public static BenchSettings of(Map<String, String> environment, String... args) {
		BenchCommand command = new BenchCommand(environment::get);
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

}
