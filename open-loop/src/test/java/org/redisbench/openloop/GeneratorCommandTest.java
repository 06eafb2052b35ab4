package org.redisbench.openloop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

class GeneratorCommandTest {

	private final GeneratorCommand command = new GeneratorCommand();

	private final StringWriter err = new StringWriter();

	private final StringWriter out = new StringWriter();

	/** Parsed and checked as the generator does before Gatling starts. */
	private Step parse(String... args) {
		CommandLines.of(this.command).parseArgs(args);
		return this.command.step();
	}

	/** Run as the generator's main runs it; every case here is refused before Gatling would start. */
	private int run(String... args) {
		CommandLine line = CommandLines.of(this.command);
		line.setErr(new PrintWriter(this.err, true));
		line.setOut(new PrintWriter(this.out, true));
		return line.execute(args);
	}

	@Test
	void theFivePositionalArgumentsAloneAccountNoProcessAtUserHz() {
		Step step = parse("http://127.0.0.1:8080/add", "250.5", "10", "2", "out.env");

		assertThat(step.url).isEqualTo("http://127.0.0.1:8080/add");
		assertThat(step.rate).isEqualTo(250.5);
		assertThat(step.seconds).isEqualTo(10);
		assertThat(step.leadIn).isEqualTo(2);
		assertThat(this.command.out).isEqualTo(Path.of("out.env"));
		assertThat(this.command.processes).isEmpty();
		assertThat(this.command.clockTicks).isEqualTo(CpuAccount.USER_HZ).isEqualTo(100);
		assertThat(this.command.runQueueTickMs).isEqualTo(RunQueueTicks.TICK_MS).isEqualTo(100);
	}

	@Test
	void optionsComeBeforeThemCpuRepeatable() {
		Step step = parse("--cpu", "app=12", "--clock-ticks", "250", "--cpu", "redis=34", "--cpu", "redis=35",
				"--runqueue-tick-ms", "0", "http://h:1/noop", "1000", "12", "0", "o");

		assertThat(this.command.processes).containsExactly(new CpuAccount.Process("app", 12),
				new CpuAccount.Process("redis", 34), new CpuAccount.Process("redis", 35));
		assertThat(this.command.clockTicks).isEqualTo(250);
		assertThat(this.command.runQueueTickMs).isZero();
		assertThat(step.url).isEqualTo("http://h:1/noop");
		assertThat(step.rate).isEqualTo(1000);
		assertThat(step.leadIn).isZero();
	}

	@Test
	void badArgumentsExit2InOneLineNamingWhatIsWrong() {
		// Each: two words the line names (what is wrong, and the value refused), then the command line.
		List<List<String>> refusals = List.of(
				List.of("RATE", "'0'", "http://h/add", "0", "1", "0", "o"),
				List.of("RATE", "'x'", "http://h/add", "x", "1", "0", "o"),
				List.of("RATE", "'-1'", "http://h/add", "-1", "1", "0", "o"),
				List.of("RATE", "'NaN'", "http://h/add", "NaN", "1", "0", "o"),
				List.of("RATE", "'Infinity'", "http://h/add", "Infinity", "1", "0", "o"),
				List.of("SECONDS", "'0'", "http://h/add", "10", "0", "0", "o"),
				List.of("SECONDS", "'1.5'", "http://h/add", "10", "1.5", "0", "o"),
				List.of("LEAD_IN", "'-1'", "http://h/add", "10", "1", "-1", "o"),
				List.of("URL", "'https://h/add'", "https://h/add", "10", "1", "0", "o"),
				List.of("OUT", "", "http://h/add", "10", "1", "0"),
				List.of("unknown argument", "'extra'", "http://h/add", "10", "1", "0", "o", "extra"),
				List.of("--cpu", "'app'", "--cpu", "app", "http://h/add", "10", "1", "0", "o"),
				List.of("--cpu", "app=0", "--cpu", "app=0", "http://h/add", "10", "1", "0", "o"),
				List.of("--cpu", "generator=1", "--cpu", "generator=1", "http://h/add", "10", "1", "0", "o"),
				List.of("--clock-ticks", "0", "--clock-ticks", "0", "http://h/add", "10", "1", "0", "o"),
				List.of("--clock-ticks", "'x'", "--clock-ticks", "x", "http://h/add", "10", "1", "0", "o"),
				List.of("--clock-ticks", "once", "--clock-ticks", "1", "--clock-ticks", "2", "http://h/add", "10",
						"1", "0", "o"),
				List.of("--runqueue-tick-ms", "-1", "--runqueue-tick-ms", "-1", "http://h/add", "10", "1", "0", "o"),
				List.of("--wat", "", "--wat", "1", "http://h/add", "10", "1", "0", "o"),
				List.of("--cpu", "'--cpus'", "--cpus", "app=1", "http://h/add", "10", "1", "0", "o"),
				List.of("--cpu", "NAME=PID", "--cpu"));
		for (List<String> refusal : refusals) {
			List<String> args = refusal.subList(2, refusal.size());
			GeneratorCommandTest test = new GeneratorCommandTest();

			assertThat(test.run(args.toArray(String[]::new))).as("%s", args).isEqualTo(CommandLines.REFUSED);
			assertThat(test.err.toString()).as("%s", args)
				.hasLineCount(1)
				.startsWith("open-loop: ")
				.contains(refusal.get(0))
				.contains(refusal.get(1));
			assertThat(test.out.toString()).as("%s", args).isEmpty();
		}
	}

	@Test
	void aMisspeltOptionNamesTheClosest() {
		assertThat(run("--cpus", "app=1", "http://h/add", "10", "1", "0", "o")).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).hasLineCount(1)
			.startsWith("open-loop: unknown option '--cpus'")
			.contains("did you mean --cpu?");
	}

	@Test
	void helpNamesTheCommandLineAndExits0() {
		assertThat(run("--help")).isEqualTo(CommandLines.OK);
		assertThat(this.out.toString().replaceAll("\\s+", " ")).contains("open-loop", "--cpu=NAME=PID", "--clock-ticks=N",
				"URL RATE SECONDS LEAD_IN OUT", "[100]");
		assertThat(this.err.toString()).isEmpty();
	}

}
