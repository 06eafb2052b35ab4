package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class ProcStatTest {

	/** A real line's shape (Linux 6.1, a JVM), with a command name holding a space and a parenthesis. */
	private static final String STAT = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 91544 0 3 0 1234 567 0 0 20 0 "
			+ "38 0 987654 4130123776 60000 18446744073709551615 1 1 0 0 0 0 0 4096 16796879 0 0 0 17 1 0 0 0 0 0\n";

	@Test
	void cpuIsUtimePlusStimeAndTheStartIsStarttimeCountedFromTheLastParenthesis() {
		assertEquals(new ProcStat(1234 + 567, 987654), ProcStat.parse(STAT));
	}

	@Test
	void aLineThatIsNoStatIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> ProcStat.parse("4242 (java) S 1 2 3"));
		assertThrows(IllegalArgumentException.class, () -> ProcStat.parse("no parenthesis"));
		assertThrows(IllegalArgumentException.class, () -> ProcStat.parse(STAT.replace(" 1234 ", " x ")));
	}

	@Test
	void readsThisJvmsOwnAndNothingForAProcessThatDoesNotExist() {
		Optional<ProcStat> own = ProcStat.read(ProcessHandle.current().pid());
		assertTrue(own.isPresent() && own.get().startTicks() > 0, own.toString());
		// above Linux's highest pid_max, 2^22
		assertEquals(Optional.empty(), ProcStat.read(4_194_305 + 1));
	}

}
