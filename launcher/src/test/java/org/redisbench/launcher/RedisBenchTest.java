package org.redisbench.launcher;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;
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
	void theAdvisorTheMigratorAndTheLabAreSubcommandsWithTheirHelp() {
		for (String tool : new String[] { "advise", "migrate", "codec-lab" }) {
			StringWriter out = new StringWriter();
			CommandLine line = CommandLines.of(new RedisBench());
			line.setOut(new PrintWriter(out, true));
			assertThat(line.execute(tool, "--help")).as(tool).isZero();
			assertThat(out.toString()).as(tool).contains("--output").contains("--no-build").contains("Exit status");
		}
	}

	/**
	 * scripts/lib/launcher.sh reads --build and --no-build anywhere among a script's arguments and passes them on, so
	 * every command a script can reach, nested ones too, must take them. Parsed with errors collected, so that a
	 * command's missing arguments do not hide whether it matched the option.
	 */
	@Test
	void everySubcommandTakesTheLaunchersBuildOptions() {
		List<List<String>> paths = commandPaths(CommandLines.of(new RedisBench()), List.of());
		assertThat(paths).contains(List.of("fill"), List.of("fill", "memory"), List.of("latency-proxy", "micros"));
		List<String> refused = new ArrayList<>();
		for (List<String> path : paths) {
			for (String option : new String[] { "--build", "--no-build" }) {
				CommandLine line = CommandLines.of(new RedisBench());
				line.setCollectErrors(true);
				String[] args = Stream.concat(path.stream(), Stream.of(option)).toArray(String[]::new);
				ParseResult command = line.parseArgs(args);
				while (command.hasSubcommand()) {
					command = command.subcommand();
				}
				if (!command.hasMatchedOption(option)) {
					refused.add(String.join(" ", path) + " " + option);
				}
			}
		}
		assertThat(refused).isEmpty();
	}

	/** The subcommands under a command, depth first; picocli's help command, which no script launches, left out. */
	private static List<List<String>> commandPaths(CommandLine command, List<String> path) {
		List<List<String>> paths = new ArrayList<>();
		command.getSubcommands().forEach((name, sub) -> {
			if (!sub.getCommandSpec().helpCommand()) {
				List<String> subPath = Stream.concat(path.stream(), Stream.of(name)).toList();
				paths.add(subPath);
				paths.addAll(commandPaths(sub, subPath));
			}
		});
		return paths;
	}

}
