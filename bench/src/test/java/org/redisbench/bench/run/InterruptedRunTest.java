package org.redisbench.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * test-bench's SIGTERM while the first app is under load, with a cluster up too: everything started so far is stopped,
 * and the run exits as a shell's command killed by SIGTERM does.
 */
@Tag("end-to-end")
class InterruptedRunTest {

	/** The first app's warm-up on /add under way: the private Redis, the cluster and the app are all up. */
	private static final Pattern UNDER_LOAD = Pattern.compile("warm-up round [0-9]+ add: ab");

	private static final Pattern CLUSTER_NODE = Pattern.compile("cluster node [0-9] on");

	/** Kept when a check fails, for its files. */
	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path folder;

	@Test
	void sigtermUnderLoadStopsEverythingStartedSoFar() throws Exception {
		BenchProcess bench = BenchProcess.logTo(this.folder.resolve("bench.out")).quickApps();
		RunOutput out = new RunOutput(this.folder.resolve("interrupted"));
		Process run = bench.start("-n", "2000", "-c", "50", "--warmup", "500", "--repetitions", "1", "--cluster", "3",
				"--no-build", "--no-profile", "--output", out.path().toString());
		long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
		while (!UNDER_LOAD.matcher(out.log()).find() && System.nanoTime() < deadline && run.isAlive()) {
			Thread.sleep(500);
		}
		boolean underLoad = UNDER_LOAD.matcher(out.log()).find();
		// Process.destroy is SIGTERM.
		run.destroy();
		if (!run.waitFor(BenchProcess.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
			run.destroyForcibly().waitFor();
		}

		assertThat(underLoad).as("the first app under load when signalled: %s", bench.output()).isTrue();
		assertThat(run.exitValue()).as("exit status after SIGTERM; %s", bench.output()).isEqualTo(143);
		out.assertNothingLeftRunning();
		out.assertPrivateRedisFolderRemoved();
		assertThat(CLUSTER_NODE.matcher(out.log()).results().count()).as("the cluster's nodes started: %s", out.log())
			.isEqualTo(3);
		out.assertClusterFolderRemoved();
	}

}
