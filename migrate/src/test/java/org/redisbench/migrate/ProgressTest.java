package org.redisbench.migrate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** SCAN's cursor read as the share of the key table visited, and the ETA's clock. */
class ProgressTest {

	@Test
	void aCursorsBitsReadBackwardsAreTheShareOfTheTableVisited() {
		// a table of 8 slots (5 to 8 keys): SCAN visits 0, 4, 2, 6, 1, 5, 3, 7
		assertThat(Progress.share("0", 8)).isZero();
		assertThat(Progress.share("4", 8)).isCloseTo(1 / 8.0, within(1e-9));
		assertThat(Progress.share("2", 8)).isCloseTo(2 / 8.0, within(1e-9));
		assertThat(Progress.share("1", 8)).isCloseTo(4 / 8.0, within(1e-9));
		assertThat(Progress.share("7", 8)).isCloseTo(7 / 8.0, within(1e-9));
		// 20,000 keys: a table of 32,768 slots; the cursor after the first half has the top bit of 15 set
		assertThat(Progress.share(String.valueOf(1 << 14), 20_000)).isCloseTo(1 / 32768.0, within(1e-12));
		assertThat(Progress.share("1", 20_000)).isCloseTo(0.5, within(1e-9));
	}

	@Test
	void theClockReadsInMinutesOrHours() {
		assertThat(Progress.clock(65)).isEqualTo("1:05");
		assertThat(Progress.clock(3725)).isEqualTo("1:02:05");
	}

}
