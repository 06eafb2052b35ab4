package org.redisbench.report.sections;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The sampling cost's worst share, where a phase too short to give a share gives none. */
class OverTimeSectionTest {

	@Test
	void theWorseOfTwoSharesEitherUnknownGivesTheOtherAndBothUnknownGiveNone() {
		assertThat(OverTimeSection.worse(null, null)).isNull();
		assertThat(OverTimeSection.worse(null, 0.02)).isEqualTo(0.02);
		assertThat(OverTimeSection.worse(0.03, null)).isEqualTo(0.03);
		assertThat(OverTimeSection.worse(0.03, 0.05)).isEqualTo(0.05);
	}

}
