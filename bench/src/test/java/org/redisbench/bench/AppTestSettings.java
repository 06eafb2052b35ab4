package org.redisbench.bench;

import java.util.Map;

import org.redisbench.commandline.CommandLines;

/** Checked settings as bench's command line reads them from {@code args} and {@code environment}, for other packages' tests. */
public final class AppTestSettings {

	private AppTestSettings() {
	}

	public static BenchSettings of(Map<String, String> environment, String... args) {
		BenchCommand command = new BenchCommand(environment::get);
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

}
