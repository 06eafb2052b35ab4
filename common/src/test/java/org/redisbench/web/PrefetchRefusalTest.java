package org.redisbench.web;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class PrefetchRefusalTest {

	@ParameterizedTest
	@ValueSource(strings = { "prefetch", "prefetch;prerender", "prefetch;anonymous-client-ip", " Prefetch ",
			"prefetch, other", "preview" })
	void aPrefetchInAnyBrowsersWordsIsOne(String value) {
		assertThat(PrefetchRefusal.isPrefetch(value)).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "prerender", "prefetched", "navigate", "x;prefetch" })
	void anythingElseIsNot(String value) {
		assertThat(PrefetchRefusal.isPrefetch(value)).isFalse();
	}

}
