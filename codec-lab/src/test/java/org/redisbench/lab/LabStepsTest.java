package org.redisbench.lab;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The steps' command line, which redis-bench codec-lab writes: a wrong one is refused before any step runs. */
class LabStepsTest {

	@Test
	void aStepWithKnownCodecsAndCompressionsRuns() {
		assertEquals(CommandLines.OK, CommandLines.execute(new LabSteps(), "available", "--codecs", "kryo,fastjson2",
				"--compression", "all"));
	}

	@Test
	void noStepAnUnknownCodecOrCompressionAndANegativeCountAreRefused() {
		assertEquals(CommandLines.REFUSED, CommandLines.execute(new LabSteps()));
		assertEquals(CommandLines.REFUSED, CommandLines.execute(new LabSteps(), "sample"));
		assertEquals(CommandLines.REFUSED,
				CommandLines.execute(new LabSteps(), "available", "--codecs", "kryo,nope", "--compression", "none"));
		assertEquals(CommandLines.REFUSED,
				CommandLines.execute(new LabSteps(), "available", "--codecs", "kryo", "--compression", "brotli"));
		assertEquals(CommandLines.REFUSED, CommandLines.execute(new LabSteps(), "available", "--codecs", "kryo"));
		assertEquals(CommandLines.REFUSED, CommandLines.execute(new LabSteps(), "sizes", "--codecs", "kryo",
				"--compression", "none", "--persons", "-1", "--keys", "0", "--out", "sizes.json"));
	}

}
