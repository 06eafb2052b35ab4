package org.redisbench.fill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Compression;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;
import org.redisbench.model.Layout;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/** What the fill stores is what the apps store: every person there, under the app's key, decoding intact. */
class FillTest {

	private static final Path KRYO_DICTIONARY = Path.of("../kryo-app/src/main/resources/person.zdict");

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension("--hash-max-listpack-value",
			String.valueOf(Layout.LISTPACK_VALUE_BYTES));

	@Test
	void hashBucketsOfKryoZstdDictPersonsHoldEveryPersonIntactAsListpacks() throws Exception {
		FillOptions options = fill("kryo", "zstd-dict", "hash-bucket");

		assertThat(stored(options)).isEqualTo(2500);

		RedisSerializer<Person> codec = Compressions.wrap(Compression.ZSTD_DICT, PersonCodec.KRYO.newSerializer(),
				() -> read(KRYO_DICTIONARY));
		try (UnifiedJedis jedis = redis.client()) {
			assertThat(redis.dbSize()).isEqualTo(26);
			for (long id = 1; id <= 2500; id++) {
				assertIntact(id, codec.deserialize(jedis.hget(Layout.HASH_BUCKET.key(id), Layout.field(id))));
			}
			assertThat(new String(jedis.objectEncoding(Layout.HASH_BUCKET.key(1)), StandardCharsets.US_ASCII))
				.isEqualTo("listpack");
			assertThat(jedis.hexists(Layout.HASH_BUCKET.key(2501), Layout.field(2501))).isFalse();
		}
	}

	@Test
	void stringPerKeyJsonPersonsAreTheStringAppsKeysAndValues() throws Exception {
		assertThat(stored(fill("fastjson2", "none", "string-per-key"))).isEqualTo(2500);

		RedisSerializer<Person> codec = PersonCodec.FASTJSON2.newSerializer();
		try (UnifiedJedis jedis = redis.client()) {
			assertThat(redis.dbSize()).isEqualTo(2500);
			for (long id = 1; id <= 2500; id++) {
				assertIntact(id, codec.deserialize(jedis.get(("person_" + id).getBytes(StandardCharsets.US_ASCII))));
			}
		}
	}

	@Test
	void withATimeToLiveEveryPersonExpiresAndABucketAsAWhole() throws Exception {
		assertThat(stored(fill("kryo", "none", "string-per-key", "--ttl", "600"))).isEqualTo(2500);
		try (UnifiedJedis jedis = redis.client()) {
			for (long id : new long[] { 1, 1234, 2500 }) {
				assertThat(jedis.pttl(Layout.STRING_PER_KEY.key(id))).isBetween(1L, 600_000L);
			}
		}
		redis.flushAll();

		assertThat(stored(fill("kryo", "none", "hash-bucket", "--ttl", "600"))).isEqualTo(2500);
		try (UnifiedJedis jedis = redis.client()) {
			assertThat(jedis.hlen(Layout.HASH_BUCKET.key(1234))).isEqualTo(100);
			assertThat(jedis.pttl(Layout.HASH_BUCKET.key(1234))).isBetween(1L, 600_000L);
		}
	}

	@Test
	void theProtocolFileForRedisCliPipeStoresTheSamePersons(@TempDir Path directory) throws Exception {
		Path file = directory.resolve("fill.resp");
		FillOptions options = fill("fastjson2", "none", "hash-bucket");

		assertThat(RespFile.write(options, PersonCodec.FASTJSON2.newSerializer(), file)).isEqualTo(2500);

		// 2500 persons from id 1 in batches of 300: a bucket split by a batch is two HSETs.
		String resp = Files.readString(file, StandardCharsets.ISO_8859_1);
		assertThat(resp.split("\r\nHSET\r\n", -1).length - 1).isBetween(26, 40);
		assertThat(resp).doesNotContain("\r\nSET\r\n");
	}

	@Test
	void aPlansSampleIsWholeBatchesOfWholeBucketsSpreadOverTheRangeInRounds() {
		FillOptions options = options("-n", "1000000", "--batch", "1000").sampled(10000, 5);
		List<Long> firsts = new ArrayList<>();
		for (int round = 0; round < 5; round++) {
			Batches batches = Batches.sampleRound(options, round);
			for (long first = batches.next(); first >= 0; first = batches.next()) {
				firsts.add(first);
			}
		}
		assertThat(firsts).containsExactlyInAnyOrder(1L, 100_000L, 200_000L, 300_000L, 400_000L, 500_000L, 600_000L,
				700_000L, 800_000L, 900_000L);
	}

	private static long stored(FillOptions options) throws Exception {
		return new Fill(options, Target.of(options.reach())).run().stored();
	}

	private static FillOptions fill(String codec, String compression, String layout, String... more) {
		String[] base = { "--port", String.valueOf(redis.port()), "--persons", "2500", "--connections", "3",
				"--batch", "300", "--codec", codec, "--compression", compression, "--layout", layout };
		String[] all = Arrays.copyOf(base, base.length + more.length);
		System.arraycopy(more, 0, all, base.length, more.length);
		return options(all);
	}

	/** The fill the command line asks, as fill reads it. */
	static FillOptions options(String... args) {
		FillCommand command = new FillCommand();
		CommandLines.of(command).parseArgs(args);
		return command.settings().fill();
	}

	private static void assertIntact(long id, Person person) {
		assertThat(person.getId()).isEqualTo(id);
		assertThat(PersonDigest.isIntact(person)).as("person " + id).isTrue();
	}

	private static byte[] read(Path path) {
		try {
			return Files.readAllBytes(path);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
