package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.tooloutput.RedisInfo;
import org.redisbench.tooloutput.Resources;

/**
 * The same values cost the same bytes a person per-key and pipelined, in both layouts: /add's INFO and CLIENT LIST
 * as bench.sh recorded them around 200,000 persons of the string app, no compression, in one run
 * ({@code scripts/bench.sh --quick --compression none,zstd-dict --layouts string-per-key,hash-bucket}, 8f127f6,
 * 2026-11-26; the client lists cut to the fields read). Read with INFO's trailing {@code mem_clients_normal}, the
 * hash-bucket pair came out at 144.40 and 146.30, 20 bytes short of what /add stored.
 */
class BytesPerPersonTest {

	private static final long PERSONS = 200_000;

	@Test
	void aKeyPerPersonCostsTheSameInEitherMode() {
		assertSameInEitherMode("none-single", 234.49);
	}

	@Test
	void aHashBucketCostsTheSameInEitherMode() {
		assertSameInEitherMode("none-hash-bucket-single", 164.87);
	}

	@Test
	void infosTrailingClientCountAloneMissesWhatTheBucketsStored() {
		String variant = "string-per-key-none-hash-bucket-single";
		double trailing = growth(RedisInfo.parse(info(variant, "before")), RedisInfo.parse(info(variant, "after")));
		assertTrue(bytesPerPerson(variant) - trailing > 15, () -> trailing + " with mem_clients_normal");
	}

	/** The variant per-key costs {@code bytes} a person, pipelined within half a percent of it. */
	private static void assertSameInEitherMode(String variant, double bytes) {
		double perKey = bytesPerPerson("string-per-key-" + variant);
		double pipeline = bytesPerPerson("string-pipeline-" + variant);
		assertEquals(bytes, perKey, 0.01);
		assertEquals(perKey, pipeline, perKey * 0.005, () -> perKey + " per-key, " + pipeline + " pipelined");
	}

	private static double bytesPerPerson(String variant) {
		return growth(RedisInfo.parse(info(variant, "before"), clients(variant, "before")),
				RedisInfo.parse(info(variant, "after"), clients(variant, "after")));
	}

	private static double growth(RedisInfo before, RedisInfo after) {
		RedisSnapshot from = new RedisSnapshot(List.of(new RedisSnapshot.Node("single", before, 0L, 0L)));
		RedisSnapshot to = new RedisSnapshot(List.of(new RedisSnapshot.Node("single", after, PERSONS, PERSONS)));
		return (double) to.dataMemoryGrowthSince(from) / to.personsAddedSince(from);
	}

	private static String info(String variant, String when) {
		return Resources.raw("bytes-per-person/" + variant + "." + when + ".info.txt");
	}

	private static String clients(String variant, String when) {
		return Resources.raw("bytes-per-person/" + variant + "." + when + ".clients.txt");
	}

}
