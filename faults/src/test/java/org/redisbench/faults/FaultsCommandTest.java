package org.redisbench.faults;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/** The settings a run is refused for before anything starts (exit 2, one line naming the option), and its help. */
class FaultsCommandTest {

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	private int run(String... args) {
		CommandLine line = CommandLines.of(new FaultsCommand());
		line.setOut(new PrintWriter(this.out, true));
		line.setErr(new PrintWriter(this.err, true));
		return line.execute(args);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"', value = { "--apps=string,nosuch|unknown apps 'nosuch'",
			"--scenarios=outage,outage|'outage' given twice", "--clients=0|--clients is a whole number, at least 1",
			"--pause-mode=SOME|--pause-mode", "--redis-rtt=far|--redis-rtt is 0 or a duration",
			"--request-timeout=2|--request-timeout is a whole number of ms or s", "--apps-build=sometimes|--apps-build",
			"--fault-seconds=0|--fault-seconds" })
	void aBadSettingIsRefusedInOneLineBeforeAnythingStarts(String setting, String message) {
		assertThat(run(setting)).as(this.err.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).hasLineCount(1).startsWith("faults: ").contains(message);
		assertThat(this.out.toString()).as("nothing started").isEmpty();
	}

	@Test
	void helpGroupsTheSettingsAsTheScriptsUsageDid() {
		assertThat(run("--help")).isZero();
		assertThat(this.out.toString()).containsSubsequence("What:", "--apps", "Load:", "--clients", "Timing:",
				"--pause-mode", "Bounds:", "Distance:", "--redis-rtt", "Apps:", "--java-opts", "Output:", "Build",
				"REDIS_PASSWORD", "Exit status");
	}

}
