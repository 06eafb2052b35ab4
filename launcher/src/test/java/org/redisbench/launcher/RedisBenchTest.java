package org.redisbench.launcher;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import static org.assertj.core.api.Assertions.assertThat;

class RedisBenchTest {

	@Test
	void anUnknownSubcommandExitsTwoInOneLine() {
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new RedisBench());
		line.setErr(new PrintWriter(err, true));
		assertThat(line.execute("hepl")).isEqualTo(CommandLines.REFUSED);
		assertThat(err.toString()).hasLineCount(1).contains("unknown argument 'hepl', did you mean help?");
	}

	@Test
	void theFillAndTheProxysToolsAreItsSubcommands() {
		assertThat(CommandLines.of(new RedisBench()).getSubcommands()).containsKeys("fill", "memory-at-scale",
				"latency-proxy", "roundtrip-experiment");
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new RedisBench());
		line.setErr(new PrintWriter(err, true));
		assertThat(line.execute("fill", "--persns", "5")).isEqualTo(CommandLines.REFUSED);
		assertThat(err.toString()).hasLineCount(1)
			.startsWith("redis-bench fill: unknown option '--persns', did you mean --persons?");
	}

	@Test
	void theToolsAreSubcommandsWithTheirHelp() {
		for (String tool : new String[] { "bench", "advise", "migrate", "codec-lab", "instrument-cost", "faults" }) {
			StringWriter out = new StringWriter();
			CommandLine line = CommandLines.of(new RedisBench());
			line.setOut(new PrintWriter(out, true));
			assertThat(line.execute(tool, "--help")).as(tool).isZero();
			assertThat(out.toString()).as(tool).contains("--output").contains("--no-build").contains("Exit status");
		}
	}

	@Test
	void theReportAndCompareAreSubcommandsWithTheirHelp() {
		for (String tool : new String[] { "report", "compare" }) {
			StringWriter out = new StringWriter();
			CommandLine line = CommandLines.of(new RedisBench());
			line.setOut(new PrintWriter(out, true));
			assertThat(line.execute(tool, "--help")).as(tool).isZero();
			assertThat(out.toString()).as(tool).startsWith("Usage: redis-bench " + tool).contains("RUN")
				.contains("--no-build").contains("Exit status");
		}
	}

	/**
	 * scripts/lib/launcher.sh reads --build and --no-build anywhere among a script's arguments and passes them on, so
	 * every command a script can reach, nested ones too, must take them. Parsed beside --help, which spares a command
	 * its required arguments, so that their absence does not hide whether it matched the option.
	 */
	@Test
	void everySubcommandTakesTheLaunchersBuildOptions() {
		List<List<String>> commands = subcommands(CommandLines.of(new RedisBench()), List.of());
		assertThat(commands).contains(List.of("fill"), List.of("fill", "memory"), List.of("latency-proxy", "micros"));
		List<String> refused = new ArrayList<>();
		for (List<String> command : commands) {
			for (String option : new String[] { "--build", "--no-build" }) {
				List<String> args = new ArrayList<>(command);
				args.addAll(List.of(option, "--help"));
				try {
					ParseResult parsed = CommandLines.of(new RedisBench()).parseArgs(args.toArray(String[]::new));
					while (parsed.hasSubcommand()) {
						parsed = parsed.subcommand();
					}
					if (!parsed.hasMatchedOption(option)) {
						refused.add(String.join(" ", args));
					}
				}
				catch (ParameterException ex) {
					refused.add(String.join(" ", args) + ": " + ex.getMessage());
				}
			}
		}
		assertThat(refused).isEmpty();
	}

	/**
	 * The names leading to each subcommand under a command, depth first; picocli's help command, which no script
	 * launches, left out.
	 */
	private static List<List<String>> subcommands(CommandLine command, List<String> path) {
		List<List<String>> found = new ArrayList<>();
		command.getSubcommands().forEach((name, sub) -> {
			if (!sub.getCommandSpec().helpCommand()) {
				List<String> subPath = new ArrayList<>(path);
				subPath.add(name);
				found.add(subPath);
				found.addAll(subcommands(sub, subPath));
			}
		});
		return found;
	}

}
