package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On the raw folder of a real bench.sh run ({@code -n 2000 -c 50 -r 1}), kept under src/test/resources/run. */
class RunResultsTest {

	@TempDir
	Path temp;

	@Test
	void everyPhaseOfEveryAppBecomesARecord() throws IOException {
		RunResults run = RunResults.load(RunFixture.copy(this.temp));
		assertEquals(List.of("string/noop", "string/add", "string/check", "string/redis-set", "string/redis-get",
				"kryo/noop", "kryo/add", "kryo/check", "kryo/redis-set", "kryo/redis-get"),
				run.records().stream().map(r -> r.app() + "/" + r.phase()).toList());
		assertTrue(run.records().stream().allMatch(SummaryRecord::valid));
	}

	@Test
	void addFiguresComeFromInfoDbsizeStrlenAndProc() throws IOException {
		SummaryRecord add = record(RunResults.load(RunFixture.copy(this.temp)), "string", "add");
		assertEquals(2000L, add.requests());
		assertEquals(50, add.concurrency());
		assertEquals(434.73, add.requestsPerSecond());
		assertEquals(200000L, add.dbsize());
		// (used_memory - mem_clients_normal) after minus before, over the 200,000 keys written
		assertEquals(((49099280 - 1113600) - (2120240 - 1031712)) / 200000.0, add.bytesPerPerson(), 1e-9);
		assertEquals(154.132, add.valueBytes(), 1e-9);
		// 650 clock ticks of user + system time at 100 ticks/s over 2000 requests
		assertEquals(3.25, add.appCpuMsPerRequest(), 1e-9);
		assertEquals((50209604 - 11270636) / 2000.0, add.netInBytesPerRequest(), 1e-9);
		assertEquals(49099280L, add.usedMemoryBytes());
	}

	@Test
	void noopHasNoRedisFiguresAndCeilingsHaveTheValueSize() throws IOException {
		RunResults run = RunResults.load(RunFixture.copy(this.temp));
		SummaryRecord noop = record(run, "kryo", "noop");
		assertNull(noop.usedMemoryBytes());
		assertNull(noop.bytesPerPerson());
		SummaryRecord set = record(run, "kryo", "redis-set");
		assertEquals(86.0, set.valueBytes());
		assertEquals(20000L, set.requests());
		assertTrue(set.requestsPerSecond() > 0);
	}

	@Test
	void failedAndNon2xxRequestsMakeARunInvalid() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.writeString(out.resolve("raw/kryo/rep1/check.ab.txt"), Resources.raw("ab-check-partial-failures.txt"));
		SummaryRecord check = record(RunResults.load(out), "kryo", "check");
		assertFalse(check.valid());
		assertEquals("2500 of 2000 requests completed; 500 failed requests; 500 non-2xx responses", check.invalidReason());
	}

	@Test
	void abortedAbAndMissingKeysMakeARunInvalid() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.writeString(out.resolve("raw/string/rep1/add.ab.txt"), Resources.raw("ab-refused.txt"));
		Files.writeString(out.resolve("raw/string/rep1/add.ab.exit"), "111\n");
		Files.writeString(out.resolve("raw/string/rep1/add.after.dbsize.txt"), "1500\n");
		SummaryRecord add = record(RunResults.load(out), "string", "add");
		assertFalse(add.valid());
		assertEquals("ab aborted: apr_socket_recv: Connection refused (111); ab exit status 111; "
				+ "DBSIZE grew by 1500, expected 200000", add.invalidReason());
	}

	@Test
	void aPhaseSkippedBecauseTheAppExitedIsListedAsInvalid() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.delete(out.resolve("raw/kryo/rep1/check.ab.txt"));
		Files.writeString(out.resolve("raw/kryo/rep1/check.skipped"), "skipped: the app had exited\n");
		SummaryRecord check = record(RunResults.load(out), "kryo", "check");
		assertFalse(check.valid());
		assertEquals("skipped: the app had exited", check.invalidReason());
		assertNull(check.requestsPerSecond());
		assertEquals(2000L, check.requests());
	}

	private static SummaryRecord record(RunResults run, String app, String phase) {
		return run.records().stream().filter(r -> r.app().equals(app) && r.phase().equals(phase)).findFirst().orElseThrow();
	}

}
