package org.redisbench.test;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values far larger than a person, planted under the ids {@code /check} reads next, are refused naming the
 * id, without the app ever holding them: a client that reads a value whole allocates what Redis announces,
 * and {@code /check} reads 100 at once. What the app's JVM allocated while answering is counted, on every
 * thread, in every mode and layout. Each app extends this naming its main class.
 */
public abstract class ValueSizeContractTest {

	private static final int VALUES = 100;

	/**
	 * 32 times the app's bound, so that reading them whole would allocate 200 MiB against the 25 MiB allowed. At
	 * 8 MiB each case wrote 800 MiB into Redis and took 17-58 s, and this contract 100-160 s of each app's tests
	 * (CI, 2026-12-06).
	 */
	private static final int VALUE_BYTES = 2 * 1024 * 1024;

	private static final long STORED_BYTES = (long) VALUES * VALUE_BYTES;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	protected abstract Class<?> application();

	static Stream<Arguments> modesAndLayouts() {
		return Stream.of(RoundTrips.values())
			.flatMap((mode) -> Stream.of(Layout.values()).map((layout) -> Arguments.of(mode, layout)));
	}

	@ParameterizedTest
	@MethodSource("modesAndLayouts")
	void valuesOverTheBoundAreRefusedNamingTheIdWithoutBeingRead(RoundTrips mode, Layout layout) {
		Map<String, String> properties = new HashMap<>(FaultBounds.PROPERTIES);
		properties.put("bench.mode", mode.name());
		properties.put("bench.layout", layout.name().toLowerCase(Locale.ROOT).replace('_', '-'));
		try (RunningApp app = RunningApp.start(application(), redis.server(), properties)) {
			assertRefusedUnread(app, new StoredPersons(layout, redis));
		}
	}

	private static void assertRefusedUnread(RunningApp app, StoredPersons persons) {
		byte[] huge = new byte[VALUE_BYTES];
		Arrays.fill(huge, (byte) 'x');
		for (long id = 1; id <= VALUES; id++) {
			persons.put(id, huge);
		}

		long allocatedBefore = allocatedBytes();
		Answer check = app.get("/check");
		Answer single = app.get("/checksingle/7");
		long allocated = allocatedBytes() - allocatedBefore;

		assertThat(check.status()).isEqualTo(500);
		assertThat(check.body()).contains("person 1: value larger than 65536 bytes");
		assertThat(single.status()).isEqualTo(500);
		assertThat(single.body()).contains("person 7: value larger than 65536 bytes");
		assertThat(allocated).as("bytes the JVM allocated to answer, of %d stored", STORED_BYTES)
			.isLessThan(STORED_BYTES / 8);
	}

	/** Bytes allocated so far by every thread of this JVM, the app's included. */
	private static long allocatedBytes() {
		return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
	}

}
