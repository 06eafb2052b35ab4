package org.redisbench.store;

import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TimeToLiveTest {

	@Test
	void noneNeverExpires() {
		assertThat(TimeToLive.valueOf("none").drawMillis()).isZero();
		assertThat(TimeToLive.NONE.drawMillis()).isZero();
	}

	@Test
	void aDurationIsEveryPersonsTimeToLive() {
		assertThat(TimeToLive.valueOf("600s").drawMillis()).isEqualTo(600_000);
		assertThat(TimeToLive.valueOf("10m").drawMillis()).isEqualTo(600_000);
		assertThat(TimeToLive.valueOf("250ms").drawMillis()).isEqualTo(250);
		assertThat(TimeToLive.valueOf("2h").drawMillis()).isEqualTo(7_200_000);
		assertThat(TimeToLive.valueOf("1d").drawMillis()).isEqualTo(86_400_000);
	}

	@Test
	void aRangeIsDrawnFromUniformlyWithBothEnds() {
		TimeToLive range = TimeToLive.valueOf("300s-10m");
		long[] draws = LongStream.range(0, 10_000).map((i) -> range.drawMillis()).toArray();

		assertThat(LongStream.of(draws).min().getAsLong()).isGreaterThanOrEqualTo(300_000);
		assertThat(LongStream.of(draws).max().getAsLong()).isLessThanOrEqualTo(600_000);
		assertThat(LongStream.of(draws).filter((ttl) -> ttl < 450_000).count()).isBetween(4_500L, 5_500L);
		assertThat(LongStream.range(0, 1_000).map((i) -> TimeToLive.valueOf("1ms-2ms").drawMillis()).distinct())
			.containsExactlyInAnyOrder(1L, 2L);
	}

	@ParameterizedTest
	@ValueSource(strings = { "600", "", "-", "10m-", "0s", "1x", "600s-300s", "1s-2s-3s", "366d", "1m-366d",
			"1234567890s", "PT10M", "-5s" })
	void anythingElseIsRefusedNamingThePropertyAndTheValue(String value) {
		assertThatIllegalArgumentException().isThrownBy(() -> TimeToLive.valueOf(value))
			.withMessageStartingWith("bench.ttl must be none, a duration such as 600s or a range such as 300s-600s (")
			.withMessageEndingWith("was '" + value + "'");
	}

}
