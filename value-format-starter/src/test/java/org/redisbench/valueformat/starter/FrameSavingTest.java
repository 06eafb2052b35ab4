package org.redisbench.valueformat.starter;

import java.util.List;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDictTrainer;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.person.PersonFactory;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.objects.KryoObjectSerializer;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the compact frame saves a person against the standard one, in the value and in Redis ({@code MEMORY USAGE}
 * of a key a person, which counts the allocation size class the value lands in): docs/starter.md quotes the lines
 * this prints. The value's saving is exact: the standard frame's magic, block header and dictionary id (zstd), or
 * its header, content size and end mark against a varint length (LZ4).
 */
class FrameSavingTest {

	private static final int PERSONS = 2000;

	private static final RedisSerializer<Object> KRYO = new KryoObjectSerializer(
			FrameSavingTest.class.getClassLoader(), List.of());

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "LZ4", "ZSTD", "ZSTD_DICT" })
	void theCompactFrameSavesAFixedFewBytesAPerson(Compression compression) {
		byte[] dictionary = dictionary();
		RedisSerializer<Object> compact = Compressions.wrap(compression, Frame.COMPACT, KRYO, () -> dictionary, 1 << 20);
		RedisSerializer<Object> standard = Compressions.wrap(compression, Frame.STANDARD, KRYO, () -> dictionary,
				1 << 20);
		long compactBytes = 0;
		long standardBytes = 0;
		long compactMemory = 0;
		long standardMemory = 0;
		try (UnifiedJedis client = redis.client()) {
			for (long id = 1; id <= PERSONS; id++) {
				Object person = PersonFactory.create(id);
				byte[] small = compact.serialize(person);
				byte[] large = standard.serialize(person);
				assertThat(large.length - small.length).as("person %d", id)
					.isEqualTo(expectedSaving(compression, KRYO.serialize(person).length, dictionary));
				compactBytes += small.length;
				standardBytes += large.length;
				client.set(("c:" + id).getBytes(), small);
				client.set(("s:" + id).getBytes(), large);
				compactMemory += client.memoryUsage("c:" + id);
				standardMemory += client.memoryUsage("s:" + id);
			}
		}
		assertThat(standardMemory).isGreaterThanOrEqualTo(compactMemory);
		System.out.printf("frame-saving: kryo+%s, %d persons: value %.1f bytes compact, %.1f standard (%.1f saved);"
				+ " Redis MEMORY USAGE %.1f compact, %.1f standard (%.1f saved)%n", compression, PERSONS,
				compactBytes / (double) PERSONS, standardBytes / (double) PERSONS,
				(standardBytes - compactBytes) / (double) PERSONS, compactMemory / (double) PERSONS,
				standardMemory / (double) PERSONS, (standardMemory - compactMemory) / (double) PERSONS);
	}

	/**
	 * zstd: magic (4) and block header (3); with a dictionary, its id (1, 2 or 4 bytes by its value) against the
	 * compact fingerprint's 2. LZ4: magic (4), descriptor (2), content size (8), header checksum (1), block size (4),
	 * end mark (4) against the varint of the length (1 byte up to 127, 2 up to 16,383).
	 */
	private static int expectedSaving(Compression compression, int rawLength, byte[] dictionary) {
		return switch (compression) {
			case ZSTD -> 7;
			case ZSTD_DICT -> {
				long id = Zstd.getDictIdFromDict(dictionary);
				yield 7 + (id < 256 ? 1 : id < 65_536 ? 2 : 4) - 2;
			}
			case LZ4 -> 23 - (rawLength < 128 ? 1 : 2);
			default -> throw new IllegalArgumentException(compression.label());
		};
	}

	/** Trained on other persons than those measured, as an operator trains one before. */
	private static byte[] dictionary() {
		ZstdDictTrainer trainer = new ZstdDictTrainer(PERSONS * 512, 2048);
		for (long id = 1_000_001; id <= 1_000_000 + PERSONS; id++) {
			trainer.addSample(KRYO.serialize(PersonFactory.create(id)));
		}
		return trainer.trainSamples();
	}

}
