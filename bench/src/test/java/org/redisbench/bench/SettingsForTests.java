package org.redisbench.bench;

import java.util.Map;

import org.redisbench.commandline.CommandLines;

/** Settings as bench's command line and environment give them, for the tests of the run's parts. */
public final class SettingsForTests {

	private SettingsForTests() {
	}

	public static BenchSettings of(Map<String, String> environment, String... args) {
		BenchCommand command = new BenchCommand(environment::get);
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

}
