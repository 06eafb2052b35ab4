package org.redisbench.store;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** {@code bench.*} bound as an app binds it at start: a bad value stops the start, naming the property. */
class StorePropertiesTest {

	@Test
	void unsetTheTimeToLiveIsNone() {
		assertThat(bind(Map.of()).ttl()).isSameAs(TimeToLive.NONE);
	}

	@Test
	void aRangeBindsAsATimeToLive() {
		long drawn = bind(Map.of("bench.ttl", "300s-600s")).ttl().drawMillis();

		assertThat(drawn).isBetween(300_000L, 600_000L);
	}

	@Test
	void aTimeToLiveWithoutUnitStopsTheBindingNamingIt() {
		assertThatExceptionOfType(BindException.class).isThrownBy(() -> bind(Map.of("bench.ttl", "600")))
			.havingRootCause()
			.withMessage("bench.ttl must be none, a duration such as 600s or a range such as 300s-600s "
					+ "(a duration is digits and a unit: ms, s, m, h or d), was '600'");
	}

	@Test
	void anIdRangeIsNoneOrAMultipleOfTheBatch() {
		assertThat(bind(Map.of()).ids()).isEmpty();
		assertThat(bind(Map.of("bench.id-range", "5000")).ids()).hasValue(5000);
		for (String bad : new String[] { "150", "0", "-100", "lots" }) {
			assertThatExceptionOfType(BindException.class).as(bad)
				.isThrownBy(() -> bind(Map.of("bench.id-range", bad)))
				.havingRootCause()
				.withMessage("bench.id-range must be none or a whole multiple of bench.batch-size (100), was '" + bad
						+ "'");
		}
	}

	private static StoreProperties bind(Map<String, String> properties) {
		return new Binder(new MapConfigurationPropertySource(properties)).bindOrCreate("bench", StoreProperties.class);
	}

}
