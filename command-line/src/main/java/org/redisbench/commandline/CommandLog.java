package org.redisbench.commandline;

import java.io.PrintWriter;

import picocli.CommandLine.Model.CommandSpec;

/** What a command is doing, a line at a time on standard error, named after the command, apart from its results. */
public final class CommandLog {

	private final String name;

	private final PrintWriter err;

	public CommandLog(CommandSpec spec) {
		this.name = spec.qualifiedName(" ");
		this.err = spec.commandLine().getErr();
	}

	public void say(String message) {
		this.err.println(this.name + ": " + message);
		this.err.flush();
	}

}
