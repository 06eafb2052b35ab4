package org.redisbench.commandline;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import static org.assertj.core.api.Assertions.assertThat;

class CommandLinesTest {

	@Command(name = "sample-tool", mixinStandardHelpOptions = true)
	static final class SampleTool implements Callable<Integer> {

		@Option(names = "--sample", defaultValue = "${SAMPLE_TOOL_SAMPLE:-10000}",
				description = "values to read (default ${DEFAULT-VALUE}; environment SAMPLE_TOOL_SAMPLE)")
		int sample;

		@Option(names = "--then")
		String then = "ok";

		/** Options by topic, as the tools' --help groups them: picocli itself keeps the last of a repeated one. */
		static final class Topic {

			@Option(names = "--seed")
			int seed;

			@Option(names = "--quick")
			boolean quick;

			@Option(names = "--codecs", split = ",")
			List<String> codecs;

		}

		@ArgGroup(validate = false, heading = "Topic:%n")
		Topic topic = new Topic();

		@Override
		public Integer call() {
			return switch (this.then) {
				case "refuse" -> throw new Refusal("--then refuse: refused as asked");
				case "fail" -> throw new Failure("Redis at 127.0.0.1:1 is down");
				case "verdict" -> 3;
				default -> CommandLines.OK;
			};
		}

	}

	private final StringWriter err = new StringWriter();

	private final SampleTool tool = new SampleTool();

	private int run(String... args) {
		CommandLine line = CommandLines.of(this.tool);
		line.setErr(new PrintWriter(this.err, true));
		line.setOut(new PrintWriter(new StringWriter(), true));
		return line.execute(args);
	}

	@Test
	void aMisspeltOptionExitsTwoNamingTheClosestInOneLine() {
		assertThat(run("--smaple", "10")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1)
			.startsWith("sample-tool: unknown option '--smaple'")
			.contains("did you mean --sample?");
	}

	@Test
	void aRepeatedSingleValuedOptionIsRefused() {
		assertThat(run("--sample", "1", "--sample", "2")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("--sample").contains("should be specified only once");
	}

	@Test
	void aRepeatedOptionOfAGroupIsRefusedToo() {
		for (String[] args : new String[][] { { "--seed", "1", "--seed", "2" }, { "--seed=1", "--seed", "2" },
				{ "--quick", "--quick" } }) {
			assertThat(run(args)).as(String.join(" ", args)).isEqualTo(2);
			assertThat(this.err.toString()).hasLineCount(1).contains(args[0].split("=")[0]).contains("should be specified only once");
			this.err.getBuffer().setLength(0);
		}
		assertThat(run("--codecs", "kryo", "--codecs", "fory")).as("a list option takes each").isZero();
		assertThat(this.tool.topic.codecs).containsExactly("kryo", "fory");
	}

	@Test
	void aBadNumberIsOneLineNamingTheOption() {
		assertThat(run("--sample", "ten")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("--sample").contains("'ten'");
	}

	@Test
	void anAbbreviatedOptionIsNotTaken() {
		assertThat(run("--samp", "10")).isEqualTo(2);
	}

	@Test
	void theDefaultIsReadFromTheEnvironmentOrAProperty() {
		System.setProperty("SAMPLE_TOOL_SAMPLE", "77");
		try {
			assertThat(run()).isZero();
			assertThat(this.tool.sample).isEqualTo(77);
		}
		finally {
			System.clearProperty("SAMPLE_TOOL_SAMPLE");
		}
		SampleTool other = new SampleTool();
		assertThat(CommandLines.of(other).execute()).isZero();
		assertThat(other.sample).isEqualTo(10000);
	}

	@Test
	void exitStatusesSayWhatHappened() {
		assertThat(run("--then", "refuse")).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).isEqualTo(
				"sample-tool: --then refuse: refused as asked (sample-tool --help for usage)" + System.lineSeparator());
		assertThat(run("--then", "fail")).isEqualTo(CommandLines.FAILED);
		assertThat(this.err.toString()).endsWith("sample-tool: Redis at 127.0.0.1:1 is down" + System.lineSeparator());
		assertThat(run("--then", "verdict")).isEqualTo(3);
	}

	@Test
	void aWordFarFromEveryOptionIsNamedAlone() {
		assertThat(run("--persons", "5")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("unknown option '--persons'").doesNotContain("did you mean");
	}

	@Test
	void closestCountsASwapAsOneEdit() {
		assertThat(Closest.distance("--smaple", "--sample")).isEqualTo(1);
		assertThat(Closest.of("--frm", java.util.List.of("--from", "--to"))).contains("--from");
		assertThat(Closest.of("--layout", java.util.List.of("--layouts", "--modes"))).contains("--layouts");
	}

}
