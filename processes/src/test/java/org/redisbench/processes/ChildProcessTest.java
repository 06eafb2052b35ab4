package org.redisbench.processes;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;

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
		ChildProcess.Ran tool = ChildProcess.run(this.directory, List.of("sh", "-c", "echo one; echo two >&2; exit 3"),
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

	/** As if a user pressed Ctrl-C in a run, or a test JVM ended with a server still up. */
	@Test
	void noChildOutlivesTheJvmThatStartedIt() throws Exception {
		assertStoppedWithItsJvm("start");
	}

	/** As if a user pressed Ctrl-C while a run waited for redis-benchmark or ab. */
	@Test
	void noProgramWaitedForOutlivesTheJvm() throws Exception {
		assertStoppedWithItsJvm("program");
	}

	private void assertStoppedWithItsJvm(String how) throws Exception {
		Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), StartsASleep.class.getName(), this.directory.toString(), how)
			.redirectErrorStream(true)
			.start();
		assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).as("the JVM ended").isTrue();
		String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		long sleep = Long.parseLong(output.lines().reduce((first, last) -> last).orElseThrow());

		Optional<ProcessHandle> left = ProcessHandle.of(sleep).filter(ProcessHandle::isAlive);
		left.ifPresent(ProcessHandle::destroyForcibly);
		assertThat(left).as("sleep " + sleep + " still running after its JVM ended").isEmpty();
	}

	@Test
	void aProgramKeepsItsOutputAndErrorsApartAndIsFedItsInput() {
		Program.Ended ended = Program.run(List.of("sh", "-c", "cat; echo oops >&2; exit 4"), Duration.ofSeconds(10),
				Map.of("HANDED", "over"), "given\n");

		assertThat(ended.status()).isEqualTo(4);
		assertThat(ended.text()).isEqualTo("given");
		assertThat(ended.errors()).isEqualTo("oops\n");
	}

	@Test
	void aProgramPastItsTimeoutOrNotInstalledEndsAsAShellSaysIt() {
		Program.Ended late = Program.run(List.of("sh", "-c", "echo started; exec sleep 60"), Duration.ofMillis(500));
		Program.Ended missing = Program.run(List.of("no-such-program-here"), Duration.ofSeconds(10));

		assertThat(late.status()).isEqualTo(Program.TIMED_OUT);
		assertThat(late.text()).as("what it printed before").isEqualTo("started");
		assertThat(missing.status()).isEqualTo(Program.NOT_STARTED);
		assertThat(missing.errors()).startsWith("cannot start no-such-program-here");
		assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive))
			.as("children left running")
			.noneMatch((child) -> child.info().command().orElse("").endsWith("sleep"));
	}

	/**
	 * Stopped at its timeout, SIGTERM first, then SIGKILL when it ignores that for the grace: what it printed before
	 * is in its log and was shown, rather than its reader failing on a stream closed under it.
	 */
	@Test
	void aWatchedProgramPastItsTimeoutKeepsWhatItPrinted() throws Exception {
		Path log = this.directory.resolve("watched.log");
		List<String> first = new CopyOnWriteArrayList<>();
		AtomicLong shown = new AtomicLong();

		// printing without a pause till the end, as JMH does, so that its reader is busy when it is stopped
		Program.Ended late = Program.runWatched(List.of("sh", "-c",
				"trap '' TERM; echo one; echo two; while :; do echo tick; done"), Duration.ofMillis(800),
				Duration.ofMillis(300), log, (line) -> {
					if (shown.incrementAndGet() <= 3) {
						first.add(line);
					}
				});

		assertThat(late.status()).isEqualTo(Program.TIMED_OUT);
		assertThat(first).containsExactly("one", "two", "tick");
		assertThat(shown.get()).isGreaterThan(10);
		try (var lines = Files.lines(log)) {
			assertThat(lines.count()).as("a line in the log a line shown").isEqualTo(shown.get());
		}
	}

	@Test
	void aProgramThatIsNotInstalledIsNamed() {
		assertThatRuntimeException()
			.isThrownBy(() -> ChildProcess.start(this.directory, List.of("no-such-program-here"),
					this.directory.resolve("none.log"), Map.of()))
			.withMessageContaining("cannot start no-such-program-here (is it installed and on the PATH?)");
	}

}
