package org.redisbench.instrumentcost;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

class IdleCompilerTest {

	@Test
	void aJvmsCompilerThreadsAreFoundByNameAndTheirTicksCounted() {
		// This JVM has compiled JUnit's classes by now: C1 at least, whatever the test JVM's tiers.
		assertThat(IdleCompiler.ticks(ProcessHandle.current().pid())).isPositive();
	}

	/** A process that compiles nothing is idle after the first second of the wait, however loaded the machine. */
	@Test
	void aProcessWithoutACompilerIsIdleAndOneThatIsGoneIsNot(@TempDir Path dir) throws InterruptedException {
		ChildProcess sleep = ChildProcess.start(dir, List.of("sleep", "60"), dir.resolve("sleep.log"), Map.of());
		try {
			assertThat(IdleCompiler.ticks(sleep.pid())).isZero();
			assertThat(IdleCompiler.await(sleep.pid(), Duration.ofSeconds(30))).isTrue();
		}
		finally {
			sleep.stop(Duration.ofSeconds(10));
		}
		long started = System.nanoTime();
		assertThat(IdleCompiler.await(sleep.pid(), Duration.ofSeconds(30))).isFalse();
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
	}

}
