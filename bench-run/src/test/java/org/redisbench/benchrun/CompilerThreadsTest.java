package org.redisbench.benchrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.redisbench.benchrun.CompilerThreads.IdleWait;

class CompilerThreadsTest {

	@Test
	void aJvmsCompilerThreadsAreFoundByNameAndTheirTicksCounted() {
		// This JVM has compiled JUnit's classes by now: C1 at least, whatever the test JVM's tiers.
		assertTrue(CompilerThreads.ticks(ProcessHandle.current().pid()) > 0);
		assertTrue(CompilerThreads.statLines(ProcessHandle.current().pid()).matches("(?s).*\\(C[12] CompilerThre\\).*"));
	}

	/** A process that compiles nothing is idle after the first second of the wait, however loaded the machine. */
	@Test
	void aProcessWithoutACompilerIsIdleAndOneThatIsGoneIsNot() throws IOException, InterruptedException {
		Process sleep = new ProcessBuilder("sleep", "60").start();
		try {
			assertEquals(0, CompilerThreads.ticks(sleep.pid()));
			IdleWait wait = CompilerThreads.awaitIdle(sleep.pid(), Duration.ofSeconds(30));
			assertTrue(wait.idle());
			assertTrue(wait.seconds() < 10, wait.toString());
		}
		finally {
			sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
		long started = System.nanoTime();
		assertFalse(CompilerThreads.awaitIdle(sleep.pid(), Duration.ofSeconds(30)).idle());
		assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Duration.ofSeconds(10)) < 0);
		assertEquals("", CompilerThreads.statLines(sleep.pid()));
	}

}
