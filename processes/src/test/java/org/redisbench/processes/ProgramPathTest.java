package org.redisbench.processes;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A program is found as a shell finds it on the PATH, or not at all. */
class ProgramPathTest {

	@Test
	void aProgramOnThePathIsFoundExecutableAndAMissingOneIsNot() {
		assertThat(ProgramPath.find("sh")).hasValueSatisfying((sh) -> assertThat(Files.isExecutable(sh)).isTrue());
		assertThat(ProgramPath.has("sh")).isTrue();
		assertThat(ProgramPath.find("no-such-program-of-ours")).isEmpty();
		assertThat(ProgramPath.has("no-such-program-of-ours")).isFalse();
	}

}
