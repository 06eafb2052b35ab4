package org.redisbench.processes;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatRuntimeException;

class ChildProcessTest {

	@TempDir
	Path directory;

	@Test
	void aToolRunsToItsEndWithItsExitValueAndOutputInItsLog() {
		ChildProcess tool = ChildProcess.run(this.directory, List.of("sh", "-c", "echo one; echo two >&2; exit 3"),
				this.directory.resolve("tool.log"), Duration.ofSeconds(10));

		assertThat(tool.exitValue()).isEqualTo(3);
		assertThat(tool.logTail(10)).isEqualTo("one\ntwo");
	}

	@Test
	void aToolStillRunningAtItsTimeoutIsKilledAndNamed() {
		assertThatIllegalStateException()
			.isThrownBy(() -> ChildProcess.run(this.directory, List.of("sleep", "60"), this.directory.resolve("sleep.log"),
					Duration.ofMillis(300)))
			.withMessageContaining("sleep did not finish within PT0.3S");

		assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive))
			.as("children left running")
			.noneMatch((child) -> child.info().command().orElse("").endsWith("sleep"));
	}

	@Test
	void aChildThatIgnoresSigtermIsKilledAfterTheWait() {
		ChildProcess stubborn = ChildProcess.start(this.directory,
				List.of("sh", "-c", "trap '' TERM; echo ready; while :; do sleep 0.1; done"),
				this.directory.resolve("stubborn.log"), Map.of());
		for (int wait = 0; wait < 500 && !stubborn.logTail(1).equals("ready"); wait++) {
			Waits.sleep(20);
		}

		assertThat(stubborn.stop(Duration.ofMillis(300))).as("took the kill").isTrue();
		assertThat(stubborn.isAlive()).isFalse();
	}

	@Test
	void aProgramThatIsNotInstalledIsNamed() {
		assertThatRuntimeException()
			.isThrownBy(() -> ChildProcess.start(this.directory, List.of("no-such-program-here"),
					this.directory.resolve("none.log"), Map.of()))
			.withMessageContaining("cannot start no-such-program-here (is it installed and on the PATH?)");
	}

}
