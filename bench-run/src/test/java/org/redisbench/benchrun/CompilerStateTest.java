package org.redisbench.benchrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerStateTest {

	/** jcmd's Compiler.queue of a JVM starting up (JDK 17): one task under way, five queued for C1, one for C2. */
	private static final String QUEUE = """
			Current compiles:\s
			C1 CompilerThread0   707       3       jdk.internal.jimage.ImageBufferCache$2::compare (12 bytes)

			C1 compile queue:
			 705       1       java.util.stream.AbstractPipeline::getStreamAndOpFlags (5 bytes)
			 708       1       java.util.AbstractMap$SimpleEntry::getValue (5 bytes)
			 709       1       jdk.internal.jimage.ImageReader$Node::isDirectory (2 bytes)
			 713       1       java.nio.DirectByteBufferR::base (2 bytes)
			 714       1       java.util.stream.MatchOps$BooleanTerminalSink::cancellationRequested (5 bytes)

			C2 compile queue:
			 704       4       com.sun.tools.javac.jvm.PoolReader$ImmutablePoolHelper::checkIndex (63 bytes)
			""";

	/** The same of an idle JVM: nothing under way, both queues empty. */
	private static final String IDLE = """
			Current compiles:\s

			C1 compile queue:
			Empty

			C2 compile queue:
			Empty
			""";

	@Test
	void countsTheTasksUnderWayAndQueued() {
		assertEquals(7, CompilerState.pending(QUEUE));
		assertEquals(0, CompilerState.pending(IDLE));
	}

	/** A real JVM busy in a loop: its compiler has finished compilations, and finishes more as it runs. */
	@Test
	void readsAnotherJvmsCompiler(@TempDir Path dir) throws IOException, InterruptedException {
		Process process = busy(dir);
		try {
			Optional<CompilerState> first = Optional.empty();
			for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); first.isEmpty() && System.nanoTime() < end;) {
				Thread.sleep(200);
				first = CompilerState.of(process.pid()).filter((state) -> state.compiled() > 0);
			}
			assertTrue(first.isPresent(), "no compiler state read from JVM " + process.pid());
			Thread.sleep(1000);
			CompilerState later = CompilerState.of(process.pid()).orElseThrow();
			assertTrue(later.compiled() >= first.get().compiled(), first.get() + " then " + later);
		}
		finally {
			process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	/**
	 * A queue of more than 8 KB is read whole: at a hundredth of the usual thresholds the source launcher's javac
	 * queues hundreds of tasks of about 80 bytes each (782 at most, read every 50 ms, 2026-12-06). Read with
	 * readAllBytes, JDK 17's attach stream failed past its first 8 KB, and such a JVM had no state.
	 */
	@Test
	void readsALongQueue(@TempDir Path dir) throws IOException, InterruptedException {
		Process process = busy(dir, "-XX:CompileThresholdScaling=0.01");
		try {
			int longest = 0;
			for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); longest < 200 && process.isAlive()
					&& System.nanoTime() < end;) {
				longest = Math.max(longest, CompilerState.of(process.pid()).map(CompilerState::pending).orElse(0));
				Thread.sleep(50);
			}
			assertTrue(longest >= 200, "the longest queue read from JVM " + process.pid() + ": " + longest + " tasks");
		}
		finally {
			process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	/** A JVM that runs its own source for a minute, adding up hash codes. */
	private static Process busy(Path dir, String... javaOptions) throws IOException {
		Path busy = dir.resolve("Busy.java");
		Files.writeString(busy, """
				public class Busy {
					public static void main(String[] args) throws Exception {
						long sum = 0;
						for (long end = System.nanoTime() + 60_000_000_000L; System.nanoTime() < end;) {
							sum += String.valueOf(sum).hashCode();
						}
						System.out.println(sum);
					}
				}
				""");
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
		command.addAll(List.of(javaOptions));
		command.add(busy.toString());
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile())
			.start();
	}

	@Test
	void aProcessThatIsNoJvmHasNoCompilerState() throws IOException, InterruptedException {
		Process sleep = new ProcessBuilder("sleep", "30").start();
		try {
			assertTrue(CompilerState.of(sleep.pid()).isEmpty());
		}
		finally {
			sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

}
