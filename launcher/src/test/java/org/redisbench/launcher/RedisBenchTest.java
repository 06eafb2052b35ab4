package org.redisbench.launcher;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

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

}
