package org.redisbench.roundtrip;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code roundtrip-experiment} end to end at a small size, as scripts/roundtrip-experiment.sh runs it: loopback and a
 * proxy adding 0.45 ms, each phase in roundtrip.md beside the published figures, and nothing it started left running.
 * One run for the class.
 */
@Tag("end-to-end")
class RoundTripCommandTest {

	/** A round trip a one-by-one SET must at least take through the proxy, in seconds. */
	private static final double ROUND_TRIP_SECONDS = 0.45e-3;

	@TempDir
	static Path folder;

	static int status;

	static String report;

	static final StringWriter err = new StringWriter();

	@BeforeAll
	static void runTheExperiment() throws IOException {
		CommandLine line = CommandLines.of(new RoundTripCommand());
		line.setOut(new PrintWriter(new StringWriter(), true));
		line.setErr(new PrintWriter(err, true));
		status = line.execute("-n", "2000", "--rtt", "0,0.45ms", "--output", folder.resolve("roundtrip").toString());
		Path markdown = folder.resolve("roundtrip/roundtrip.md");
		report = Files.exists(markdown) ? Files.readString(markdown) : "";
	}

	@Test
	void roundtripMdHasEveryPhaseAtEveryRoundTrip() {
		assertThat(status).as("exit status; %s", err).isEqualTo(CommandLines.OK);
		for (String rtt : List.of("0 (loopback)", "0.45ms")) {
			for (String op : List.of("SET", "GET", "DEL")) {
				for (String mode : List.of("one-by-one", "pipelined")) {
					assertThat(report).as("%s %s at RTT %s", op, mode, rtt)
						.containsPattern("(?m)^\\| " + Pattern.quote(rtt) + " \\| " + op + " \\| " + mode
								+ " \\| [0-9.]+ \\|");
				}
			}
		}
	}

	@Test
	void roundtripMdPrintsThePublishedFiguresAndSetsExtraTime() {
		assertThat(status).as("exit status; %s", err).isEqualTo(CommandLines.OK);
		assertThat(report).contains("| SET | 452.7 s | 6.15 s | 73.6× |");
		assertThat(report).as("SET's extra time at 0.45ms")
			.containsPattern("(?m)^\\| 0\\.45ms \\| \\+[0-9.]+ \\| \\+[0-9.]+ \\| \\+450\\.0 \\| (yes|no) ");
	}

	@Test
	void oneByOneThroughTheProxyTookAtLeastTheRoundTrip() throws IOException {
		assertThat(status).as("exit status; %s", err).isEqualTo(CommandLines.OK);
		RoundTripReport.Phase set = RoundTripReport.Run
			.read("0.45ms", folder.resolve("roundtrip/raw/roundtrip-rtt-0.45ms.tsv"))
			.oneByOneSet();
		assertThat(set.seconds() / set.requests()).as("seconds per one-by-one SET").isGreaterThanOrEqualTo(ROUND_TRIP_SECONDS);
	}

	@Test
	void itNamesTheRedisServerAndTheProxyItStartedAndLeavesNeitherRunning() {
		assertThat(status).as("exit status; %s", err).isEqualTo(CommandLines.OK);
		List<Long> pids = Pattern.compile("\\(pid ([0-9]+)").matcher(err.toString())
			.results()
			.map((match) -> Long.parseLong(match.group(1)))
			.toList();
		assertThat(pids).as("the pids named in %s", err).hasSize(2);
		for (long pid : pids) {
			Optional<ProcessHandle> left = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
			left.ifPresent(ProcessHandle::destroyForcibly);
			assertThat(left).as("pid " + pid + " still running").isEmpty();
		}
	}

	@Test
	void aRoundTripWithoutAUnitIsRefused() {
		StringWriter refusal = new StringWriter();
		CommandLine line = CommandLines.of(new RoundTripCommand());
		line.setErr(new PrintWriter(refusal, true));
		assertThat(line.execute("--rtt", "5", "--output", folder.resolve("refused").toString()))
			.isEqualTo(CommandLines.REFUSED);
		assertThat(refusal.toString()).hasLineCount(1).contains("--rtt: '5'");
		assertThat(folder.resolve("refused")).doesNotExist();
	}

}
