package org.redisbench.fill;

import java.io.PrintWriter;

import picocli.CommandLine.Model.CommandSpec;

/** What a command is doing, a line at a time on standard error, named after the command, apart from its results. */
final class CommandLog {

	private final String name;

	private final PrintWriter err;

	CommandLog(CommandSpec spec) {
		this.name = spec.qualifiedName(" ");
		this.err = spec.commandLine().getErr();
	}

	void say(String message) {
		this.err.println(this.name + ": " + message);
		this.err.flush();
	}

}
