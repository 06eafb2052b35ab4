package org.redisbench.fill;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import org.redisbench.fill.Shell.Ran;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fill on a redis-server of its own, from a shell whose Redis settings, {@code REDIS_PASSWORD} among them, are for
 * a Redis of the user's: none reaches the fill's own Redis or its redis-cli. What it reports is what is there, and
 * its Redis is gone at the end.
 */
class FillOwnRedisTest {

	private final Shell shell = Shell.withRedisPassword(Shell.WRONG);

	@Test
	void theComparisonWithRedisCliPipeReportsTheKeysOfBothAndItsRedisIsGone() {
		Ran ran = this.shell.fill("-n", "250", "--codec", "fastjson2", "--compare-pipe");

		assertThat(ran.status()).as(ran.toString()).isZero();
		assertThat(ran.outLines()).as("after the fill and after redis-cli --pipe").filteredOn("keys: 250"::equals)
			.hasSize(2);
		assertThat(ran.outLines()).as(ran.toString()).anyMatch((line) -> line.startsWith("redis-cli --pipe: 250 persons in"));
		assertThat(ran.number("redis-server of our own on .* \\(pid ([0-9]+)\\)$")).as(ran.toString())
			.hasValueSatisfying((pid) -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
	}

	@Test
	void aSweepOfConnectionCountsIsARowEachWithPersonsPerSecondAndCpu() {
		Ran ran = this.shell.fill("-n", "250", "--connections", "1,2");

		assertThat(ran.status()).as(ran.toString()).isZero();
		assertThat(sweepRows(ran.outLines())).as(ran.toString()).containsExactly(1, 2);
		assertThat(ran.outLines()).as("the last fill's keys").contains("keys: 250");
	}

	@Test
	void maxSecondsStopsTakingBatchesAndReportsExactlyTheKeysThere() {
		Ran ran = this.shell.fill("-n", "50000000", "--no-plan", "--max-seconds", "1");

		assertThat(ran.status()).as(ran.toString()).isZero();
		long stored = ran.number("^stored ([0-9]+) persons").orElseThrow();
		assertThat(stored).as(ran.toString()).isPositive().isLessThan(50_000_000);
		assertThat(ran.number("^keys: ([0-9]+)$")).as(ran.toString()).hasValue(stored);
	}

	@Test
	void whatCannotBeDoneExitsTwoInOneLineBeforeAnythingStarts() {
		assertRefused("multiple of 100", "-n", "250", "--verify");
		assertRefused("no app stores persons with codec msgpack", "-n", "300", "--codec", "msgpack", "--verify");
		assertRefused("given twice", "--connections", "2,2");
		assertRefused("whole number from 1", "--connections", "0");
		assertRefused("without --port", "--connections", "1,2", "--port", "7000");
		assertRefused("unknown option '--persns', did you mean --persons?", "--persns", "5");
	}

	/** The connection counts of the sweep's table: each row's, when it has a rate above 0 and every figure. */
	private static List<Integer> sweepRows(List<String> lines) {
		List<Integer> counts = new ArrayList<>();
		boolean table = false;
		for (String line : lines) {
			String[] fields = line.strip().split("\\s+");
			if (line.startsWith("connections  persons/s")) {
				table = true;
			}
			else if (table && fields.length == 7 && fields[0].matches("[0-9]+") && Double.parseDouble(fields[1]) > 0) {
				counts.add(Integer.parseInt(fields[0]));
			}
		}
		return counts;
	}

	private void assertRefused(String saying, String... args) {
		Ran ran = this.shell.fill(args);
		assertThat(ran.status()).as(ran.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(ran.err()).as(ran.toString()).hasLineCount(1).startsWith("fill: ").contains(saying);
	}

}
