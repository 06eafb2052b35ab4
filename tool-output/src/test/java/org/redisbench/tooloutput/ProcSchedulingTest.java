package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

class ProcSchedulingTest {

	/** A real line's shape (Linux 6.1, a JVM): nice 5 is the 19th field, after priority 25. */
	private static final String STAT = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 91544 0 3 0 1234 567 0 0 25 5 "
			+ "38 0 987654 4130123776 60000 18446744073709551615 1 1 0 0 0 0 0 4096 16796879 0 0 0 17 1 0 0 0 0 0\n";

	@Test
	void theRunQueueWaitIsSchedstatsSecondField() {
		assertEquals(38057, ProcScheduling.waitNs("123456 38057 12\n"));
		assertThrows(IllegalArgumentException.class, () -> ProcScheduling.waitNs("123456 38057"));
		assertThrows(IllegalArgumentException.class, () -> ProcScheduling.waitNs("123456 x 12"));
	}

	@Test
	void theCpusAllowedListIsStatussLine() {
		String status = "Name:\tjava\nCpus_allowed:\t2\nCpus_allowed_list:\t1\nMems_allowed_list:\t0\n";
		assertEquals(Optional.of("1"), ProcScheduling.cpusAllowed(status));
		assertEquals(Optional.of("0-3,6"), ProcScheduling.cpusAllowed("Cpus_allowed_list:\t0-3,6\n"));
		assertEquals(Optional.empty(), ProcScheduling.cpusAllowed("Name:\tjava\n"));
	}

	@Test
	void niceIsTheNineteenthFieldCountedFromTheLastParenthesis() {
		assertEquals(5, ProcScheduling.nice(STAT));
		assertEquals(-20, ProcScheduling.nice(STAT.replace(" 25 5 ", " 0 -20 ")));
		assertThrows(IllegalArgumentException.class, () -> ProcScheduling.nice("4242 (java) S 1 2 3"));
	}

	@Test
	void thisJvmsOwnAreReadAndAProcessThatDoesNotExistHasNone() throws Exception {
		long self = ProcessHandle.current().pid();
		String status = Files.readString(Path.of("/proc/self/status"));
		assertEquals(ProcScheduling.cpusAllowed(status), ProcScheduling.cpusAllowed(self));
		assertEquals(OptionalLong.of(ProcScheduling.nice(Files.readString(Path.of("/proc/self/stat")))),
				ProcScheduling.nice(self));
		// above Linux's highest pid_max, 2^22
		long none = 4_194_305 + 1;
		assertFalse(ProcScheduling.cpusAllowed(none).isPresent());
		assertFalse(ProcScheduling.nice(none).isPresent());
	}

}
