package org.redisbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultsTest {

	@TempDir
	Path work;

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	private int run(String... args) throws IOException {
		return Faults.run(List.of(args), new PrintStream(this.printed, true, StandardCharsets.UTF_8));
	}

	private String printed() {
		String text = this.printed.toString(StandardCharsets.UTF_8);
		this.printed.reset();
		return text;
	}

	private void write(String file, String... lines) throws IOException {
		Files.writeString(this.work.resolve(file), String.join("\n", lines) + "\n");
	}

	@Test
	void anOutageAnsweredTruthfullyPassesAndOneWithALostClaimFails() throws IOException {
		// Two loops; Redis killed at 100, restarted at 105, answering at 105.4.
		String refused = "503 |Redis unavailable: Connection refused: /127.0.0.1:27379";
		write("outage.0", "99 99.1 200 1-100|", "100.5 101 " + refused, "105.5 105.6 200 201-300|");
		write("outage.1", "99.2 99.3 200 101-200|", "101 102 " + refused);
		write("outage.claimed", "not a request log: never read");
		assertEquals(0, run("batches", this.work.toString(), "outage"));
		assertEquals("3\n", printed());
		write("outage.checked.0", "1-100", "201-300");
		write("outage.checked.1", "101-200");
		assertEquals(0, run("row", this.work.toString(), "string", "outage", "5", "--window", "100", "105",
				"--recovery", "outage", "105.4", "--restarted", "105", "105.4"));
		assertEquals("  Redis took 0.40 s to load its append-only file and answer\n", printed());
		assertEquals(0, run("table", this.work.toString(), "5"));
		String table = printed();
		assertTrue(table.contains("\nstring  outage       5      2       0      0      0      0      0.20  "
				+ "Redis unavailable: Connection refused: /127.0.0.1:N\n"), table);
		assertTrue(table.contains("over-bd: answers later than 5s;"), table);

		write("outage.checked.1", "");
		assertEquals(0, run("row", this.work.toString(), "kryo", "outage", "5", "--window", "100", "105",
				"--recovery", "outage", "105.4"));
		assertEquals(Faults.SOME_FAILED, run("table", this.work.toString(), "5"));
		List<String> results = Files.readAllLines(this.work.resolve(Faults.RESULTS));
		assertEquals(String.join("\t", FaultVerdict.COLUMNS), results.get(0));
		assertTrue(results.get(1).startsWith("string\toutage\t5\t2\t0\t0\t0\t0\t0.20\tpassed\t"), results.get(1));
		assertTrue(results.get(2).startsWith("kryo\toutage\t5\t2\t0\t0\t0\t1\t0.20\tfailed\t"), results.get(2));
	}

	@Test
	void whatElseFaultsShSawDecidesTooAndIsPrinted() throws IOException {
		write("full.0", "1 2 200 1-100|", "2 3 503 |Redis full: OOM command not allowed");
		write("full-after.0", "10 10.05 200 201-300|");
		write("full.checked.0", "1-100");
		assertEquals(0, run("row", this.work.toString(), "string", "full", "5", "--recovery", "full-after", "10",
				"--refused-for", "OOM", "--same", "health while full", "200", "200"));
		assertEquals("", printed());
		assertEquals(0, run("table", this.work.toString(), "5"));
		assertTrue(printed().contains("\nstring  full         2      1       -      0      0      0      0.05  Redis"));

		write("slow.0", "1 2 200 1-100|");
		write("slow.checked.0", "1-100");
		assertEquals(0, run("row", this.work.toString(), "string", "slow", "5", "--window", "1.5", "6.5",
				"--recovery", "slow", "1", "--refused-for", "OOM", "--answered", "health while paused", "000",
				"--same", "keys as the pause ended", "12", "10"));
		assertEquals("""
				  failed: no request was refused for OOM: Redis never got there; give it more seconds
				  failed: health while paused: no answer (000)
				  failed: keys as the pause ended: 12, not 10
				""", printed());
		assertEquals(Faults.SOME_FAILED, run("table", this.work.toString(), "5"));
	}

	@Test
	void noRecoveryAskedForIsNone() throws IOException {
		write("slow.0", "1 2 200 1-100|");
		assertEquals(0, run("row", this.work.toString(), "string", "slow", "5"));
		assertEquals(Faults.SOME_FAILED, run("table", this.work.toString(), "5"));
		assertTrue(printed().contains("never"));
	}

	@Test
	void aCallThatMakesNoSenseIsAUsageError() {
		assertThrows(Faults.UsageException.class, () -> run());
		assertThrows(Faults.UsageException.class, () -> run("verdict", this.work.toString()));
		assertThrows(Faults.UsageException.class, () -> run("batches", this.work.toString()));
		assertThrows(Faults.UsageException.class, () -> run("row", this.work.toString(), "string", "slow", "5",
				"--window", "1"));
		assertThrows(Faults.UsageException.class, () -> run("row", this.work.toString(), "string", "slow", "5",
				"--window", "1", "soon"));
		assertThrows(Faults.UsageException.class, () -> run("row", this.work.toString(), "string", "slow", "5",
				"--later"));
	}

}
