package org.redisbench.fill;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.commandline.CommandLines;
import org.redisbench.fill.Shell.Ran;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fill into a Redis at its maxmemory, noeviction: the plan refuses a fill that would not fit before anything is
 * written, and a fill without a plan stops at Redis's first out-of-memory reply, counting exactly what is there.
 */
class FillIntoAFullRedisTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension("--maxmemory", "3mb", "--maxmemory-policy",
			"noeviction");

	private final Shell shell = Shell.withoutRedisPassword();

	@Test
	void thePlanOfSixMillionPersonsAboveThreeMegabytesRefusesThemAndWritesNothing() {
		// 6 M: above the 5 M a fill is planned from by default
		Ran ran = this.shell.fill("-n", "6000000", "--port", port(), "--plan-sample", "10000");

		assertThat(ran.status()).as(ran.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(ran.err()).containsPattern(
				"(?m)^fill: the plan says 6000000 persons would not fit \\(above\\): at most [0-9]+ would");
		assertThat(redis.dbSize()).isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "string-per-key", "hash-bucket" })
	void aFillPastItStopsAtTheFirstOutOfMemoryReplyWithTheExactCount(String layout) {
		Ran ran = this.shell.fill("-n", "100000", "--port", port(), "--layout", layout, "--no-plan");

		assertThat(ran.status()).as(ran.toString()).isEqualTo(CommandLines.FAILED);
		assertThat(ran.number("stopped at .* first out-of-memory reply: stored ([0-9]+) of 100000 persons"))
			.as(ran.toString())
			.hasValueSatisfying((stored) -> assertThat(stored).isPositive().isEqualTo(personsThere(layout)));
	}

	private static long personsThere(String layout) {
		if (layout.equals("string-per-key")) {
			return redis.dbSize();
		}
		long persons = 0;
		try (UnifiedJedis jedis = redis.client()) {
			ScanParams buckets = new ScanParams().match("persons:{*}");
			String cursor = ScanParams.SCAN_POINTER_START;
			do {
				ScanResult<String> page = jedis.scan(cursor, buckets);
				for (String bucket : page.getResult()) {
					persons += jedis.hlen(bucket);
				}
				cursor = page.getCursor();
			}
			while (!cursor.equals(ScanParams.SCAN_POINTER_START));
		}
		return persons;
	}

	private static String port() {
		return String.valueOf(redis.port());
	}

}
