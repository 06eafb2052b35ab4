package org.redisbench.commandline;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Every tool's command line, read one way: picocli with the project's contract. Exit 0 for success, 1 for a
 * failure while running ({@link Failure}), 2 for a bad option, argument or setting ({@link Refusal}, or anything
 * picocli refuses), each said in one line on standard error that starts with the command's name; a command may
 * return a status of its own (3: its verdict crossed a bound). An unknown option names the closest known one, a
 * single-valued option given twice is refused, and options are never abbreviated.
 */
public final class CommandLines {

	public static final int OK = 0;

	public static final int FAILED = 1;

	public static final int REFUSED = 2;

	private CommandLines() {
	}

	/** The command line of a {@code @Command} object (a tool, or the launcher with its subcommands). */
	public static CommandLine of(Object command) {
		CommandLine line = new CommandLine(command);
		line.setOverwrittenOptionsAllowed(false);
		line.setAbbreviatedOptionsAllowed(false);
		line.setAbbreviatedSubcommandsAllowed(false);
		line.setParameterExceptionHandler(CommandLines::refused);
		line.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(ex, commandLine));
		line.setExecutionStrategy((parseResult) -> {
			refuseRepeats(parseResult);
			return new CommandLine.RunLast().execute(parseResult);
		});
		return line;
	}

	/**
	 * picocli refuses a single-valued option given twice only outside an argument group (a tool's options by topic):
	 * within one it keeps the last. So every command of the line is checked again here, in the same words.
	 */
	private static void refuseRepeats(ParseResult parseResult) {
		for (ParseResult command = parseResult; command != null; command = command.subcommand()) {
			Set<OptionSpec> seen = new HashSet<>();
			for (OptionSpec option : command.matchedOptions()) {
				if (!option.isMultiValue() && !seen.add(option)) {
					throw new OverwrittenOptionException(command.commandSpec().commandLine(), option, "option '"
							+ option.longestName() + "' (" + option.paramLabel() + ") should be specified only once");
				}
			}
		}
	}

	/** Parses and runs; the exit status. */
	public static int execute(Object command, String... args) {
		return of(command).execute(args);
	}

	/** What a launcher's {@code main} does: runs, then exits with the status. */
	public static void main(Object command, String... args) {
		System.exit(execute(command, args));
	}

	private static int refused(ParameterException ex, String[] args) {
		return refuse(ex.getCommandLine(), oneLine(ex));
	}

	private static int failed(Exception ex, CommandLine commandLine) throws Exception {
		if (ex instanceof Refusal) {
			return refuse(commandLine, ex.getMessage());
		}
		if (ex instanceof Failure) {
			commandLine.getErr().println(name(commandLine) + ": " + ex.getMessage());
			commandLine.getErr().flush();
			return FAILED;
		}
		throw ex;
	}

	private static int refuse(CommandLine commandLine, String message) {
		PrintWriter err = commandLine.getErr();
		err.println(name(commandLine) + ": " + message + " (" + name(commandLine) + " --help for usage)");
		err.flush();
		return REFUSED;
	}

	/** picocli's message; for an argument it does not know, that one, and the closest option or subcommand. */
	static String oneLine(ParameterException ex) {
		if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
			String argument = unmatched.getUnmatched().get(0);
			boolean option = argument.startsWith("-");
			String known = option ? "option" : "argument";
			CommandSpec spec = ex.getCommandLine().getCommandSpec();
			List<String> candidates = option
					? spec.options().stream().filter((each) -> !each.hidden()).flatMap((each) -> Arrays.stream(each.names())).toList()
					: List.copyOf(spec.subcommands().keySet());
			String name = option ? argument.split("=", 2)[0] : argument;
			return "unknown " + known + " '" + name + "'" + Closest.of(name, candidates).map((closest) -> ", did you mean "
					+ closest + "?").orElse("");
		}
		return ex.getMessage().replace(System.lineSeparator(), " ").replace('\n', ' ').strip();
	}

	private static String name(CommandLine commandLine) {
		return commandLine.getCommandSpec().qualifiedName(" ");
	}

}
