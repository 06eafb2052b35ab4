package org.redisbench.processes;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FreePortsTest {

	/** Never twice, and never in the kernel's ephemeral range, where a client connection may take it. */
	@Test
	void aPortIsNeverHandedOutTwice() {
		Set<Integer> ports = new HashSet<>();
		for (int i = 0; i < 500; i++) {
			int port = FreePorts.next();
			assertThat(ports.add(port)).as("port handed out twice after %d", i).isTrue();
			assertThat(port).isBetween(FreePorts.FIRST, FreePorts.LAST);
		}
	}

}
