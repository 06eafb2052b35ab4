package org.redisbench.memcached;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Memcached's exptime: whole seconds from now up to 30 days, a Unix time beyond, 0 for never. */
class ExptimeTest {

	@Test
	void upToThirtyDaysItIsSecondsRoundedUp() {
		assertThat(MemcachedPersonStore.exptime(0)).isZero();
		assertThat(MemcachedPersonStore.exptime(1)).isEqualTo(1);
		assertThat(MemcachedPersonStore.exptime(600_000)).isEqualTo(600);
		assertThat(MemcachedPersonStore.exptime(600_001)).isEqualTo(601);
		assertThat((long) MemcachedPersonStore.exptime(MemcachedPersonStore.RELATIVE_EXPTIME_LIMIT * 1000))
			.isEqualTo(MemcachedPersonStore.RELATIVE_EXPTIME_LIMIT);
	}

	@Test
	void beyondThirtyDaysItIsTheUnixTimeItEnds() {
		long ttlSeconds = MemcachedPersonStore.RELATIVE_EXPTIME_LIMIT + 1;
		long now = System.currentTimeMillis() / 1000;

		assertThat((long) MemcachedPersonStore.exptime(ttlSeconds * 1000)).isBetween(now + ttlSeconds,
				now + ttlSeconds + 5);
	}

}
