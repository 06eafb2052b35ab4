package org.redisbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsTest {

	private static final long BOUND = 5_000_000;

	@TempDir
	Path work;

	private void write(String file, String... lines) throws IOException {
		Files.writeString(this.work.resolve(file), String.join("\n", lines) + "\n");
	}

	private static long micros(String seconds) {
		return LoggedRequest.micros(seconds);
	}

	private String table() {
		return String.join("\n", FaultVerdict.table(Results.read(this.work), "5")) + "\n";
	}

	@Test
	void anOutageAnsweredTruthfullyPassesAndOneWithALostClaimFails() throws IOException {
		// Two loops; Redis killed at 100, restarted at 105, answering at 105.4.
		String refused = "503 |Redis unavailable: Connection refused: /127.0.0.1:27379";
		write("outage.0", "99 99.1 200 1-100|", "100.5 101 " + refused, "105.5 105.6 200 201-300|");
		write("outage.1", "99.2 99.3 200 101-200|", "101 102 " + refused);
		write("outage.claimed", "not a request log: never read");
		assertEquals(3, ClaimedBatches.of(RequestLog.read(this.work, "outage")).batchesToCheck(100));
		write("outage.checked.0", "1-100", "201-300");
		write("outage.checked.1", "101-200");
		Window window = new Window(micros("100"), micros("105"));
		Recovery recovery = Recovery.since(RequestLog.read(this.work, "outage"), micros("105.4"));
		assertFalse(Results.record(this.work, "string", "outage", BOUND, window, recovery, List.of()).failed());
		String table = table();
		assertTrue(table.contains("\nstring  outage       5      2       0      0      0      0      0.20  "
				+ "Redis unavailable: Connection refused: /127.0.0.1:N\n"), table);
		assertTrue(table.contains("over-bd: answers later than 5s;"), table);

		write("outage.checked.1", "");
		assertTrue(Results.record(this.work, "kryo", "outage", BOUND, window, recovery, List.of()).failed());
		List<String> results = Files.readAllLines(this.work.resolve(Results.FILE));
		assertEquals(String.join("\t", FaultVerdict.COLUMNS), results.get(0));
		assertTrue(results.get(1).startsWith("string\toutage\t5\t2\t0\t0\t0\t0\t0.20\tpassed\t"), results.get(1));
		assertTrue(results.get(2).startsWith("kryo\toutage\t5\t2\t0\t0\t0\t1\t0.20\tfailed\t"), results.get(2));
		assertTrue(Results.read(this.work).get(1).failed());
	}

	@Test
	void whatElseTheRunSawDecidesToo() throws IOException {
		write("full.0", "1 2 200 1-100|", "2 3 503 |Redis full: OOM command not allowed");
		write("full-after.0", "10 10.05 200 201-300|");
		write("full.checked.0", "1-100");
		List<String> checks = new ArrayList<>(ObservationChecks.refusedFor(RequestLog.read(this.work, "full"), "OOM"));
		checks.addAll(ObservationChecks.same("health while full", "200", "200"));
		assertEquals(List.of(), checks);
		assertFalse(Results.record(this.work, "string", "full", BOUND, null,
				Recovery.since(RequestLog.read(this.work, "full-after"), micros("10")), checks).failed());
		assertTrue(table().contains("\nstring  full         2      1       -      0      0      0      0.05  Redis"));

		write("slow.0", "1 2 200 1-100|");
		write("slow.checked.0", "1-100");
		checks = new ArrayList<>(ObservationChecks.refusedFor(RequestLog.read(this.work, "slow"), "OOM"));
		checks.addAll(ObservationChecks.answered("health while paused", "000"));
		checks.addAll(ObservationChecks.same("keys as the pause ended", "12", "10"));
		assertEquals(List.of("no request was refused for OOM: Redis never got there; give it more seconds",
				"health while paused: no answer (000)", "keys as the pause ended: 12, not 10"), checks);
		assertTrue(Results.record(this.work, "string", "slow", BOUND, new Window(micros("1.5"), micros("6.5")),
				Recovery.since(RequestLog.read(this.work, "slow"), micros("1")), checks).failed());
		assertTrue(Results.read(this.work).get(1).failedChecks().contains("keys as the pause ended: 12, not 10"));
	}

	@Test
	void noRecoveryIsNever() throws IOException {
		write("slow.0", "1 2 200 1-100|");
		assertTrue(Results.record(this.work, "string", "slow", BOUND, null, new Recovery(null), List.of()).failed());
		assertTrue(table().contains("never"));
	}

	@Test
	void aRequestsLineReadsBackAsTheRequest() {
		LoggedRequest claimed = new LoggedRequest(1_733_470_000_000_250L, 1_733_470_000_101_000L, "200",
				new IdRange(101, 200), "");
		assertEquals("1733470000.000250 1733470000.101000 200 101-200|", claimed.line());
		assertEquals(claimed, LoggedRequest.parse(claimed.line()));
		LoggedRequest refused = new LoggedRequest(5, 2_000_005, "503", null, "Redis full: OOM command not allowed");
		assertEquals("0.000005 2.000005 503|Redis full: OOM command not allowed", refused.line());
		assertEquals(refused, LoggedRequest.parse(refused.line()));
	}

}
