package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class ArgumentsTest {

	@Test
	void theFivePositionalArgumentsAloneAccountNoProcessAtUserHz() {
		assertEquals(new Arguments("http://127.0.0.1:8080/add", 250.5, 10, 2, Path.of("out.env"), List.of(), 100),
				Arguments.parse(new String[] { "http://127.0.0.1:8080/add", "250.5", "10", "2", "out.env" }));
	}

	@Test
	void optionsComeBeforeThemCpuRepeatable() {
		Arguments arguments = Arguments.parse(new String[] { "--cpu", "app=12", "--clock-ticks", "250", "--cpu",
				"redis=34", "--cpu", "redis=35", "http://h:1/noop", "1000", "12", "0", "o" });
		assertEquals(List.of(new CpuAccount.Process("app", 12), new CpuAccount.Process("redis", 34),
				new CpuAccount.Process("redis", 35)), arguments.processes());
		assertEquals(250, arguments.clockTicks());
		assertEquals("http://h:1/noop", arguments.url());
		assertEquals(0, arguments.leadIn());
	}

	@Test
	void badArgumentsAreRefusedInOneLine() {
		for (List<String> bad : List.of(List.of("http://h/add", "0", "1", "0", "o"),
				List.of("http://h/add", "x", "1", "0", "o"), List.of("http://h/add", "10", "0", "0", "o"),
				List.of("http://h/add", "10", "1", "-1", "o"), List.of("https://h/add", "10", "1", "0", "o"),
				List.of("http://h/add", "10", "1", "0"), List.of("--cpu", "app", "http://h/add", "10", "1", "0", "o"),
				List.of("--clock-ticks", "0", "http://h/add", "10", "1", "0", "o"),
				List.of("--wat", "1", "http://h/add", "10", "1", "0", "o"), List.of("--cpu"))) {
			IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
					() -> Arguments.parse(bad.toArray(String[]::new)), bad.toString());
			assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());
		}
	}

}
