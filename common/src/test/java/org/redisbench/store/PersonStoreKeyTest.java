package org.redisbench.store;

import java.nio.charset.StandardCharsets;

import org.redisbench.model.Layout;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class PersonStoreKeyTest {

	@ParameterizedTest
	@ValueSource(longs = { 1, 9, 10, 99, 100, 123_456_789, 1_000_000_000_000L, Long.MAX_VALUE, 0, -1, -10,
			Long.MIN_VALUE })
	void keyIsThePrefixAndTheDecimalId(long id) {
		assertThat(Layout.personKey(id)).isEqualTo(("person_" + id).getBytes(StandardCharsets.US_ASCII));
	}

}
