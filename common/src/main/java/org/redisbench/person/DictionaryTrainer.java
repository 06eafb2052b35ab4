package org.redisbench.person;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

import com.github.luben.zstd.ZstdDictTrainer;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Trains the zstd dictionary an app ships for {@code bench.compression=zstd-dict}, from persons built
 * exactly as {@code /add} builds them and encoded with that app's codec. Run through
 * {@code scripts/train-dictionary.sh}.
 */
public final class DictionaryTrainer {

	private static final int SAMPLES = 20_000;

	/**
	 * Measured on persons: 4 to 64 KiB dictionaries, or 100,000 samples, compress them no smaller. What a
	 * dictionary can predict in a person is its field names and punctuation; the rest is an md5, a
	 * timestamp and an id.
	 */
	private static final int DICTIONARY_BYTES = 2048;

	private DictionaryTrainer() {
	}

	/** Persons are stamped with the time they are created; spread over these years, the dictionary does
	 * not learn the training day's digits and so keeps working as the clock moves on. */
	private static final long FIRST_MILLIS = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();

	private static final long LAST_MILLIS = Instant.parse("2040-01-01T00:00:00Z").toEpochMilli();

	public static byte[] train(RedisSerializer<Person> codec, int samples, int dictionaryBytes) {
		ZstdDictTrainer trainer = new ZstdDictTrainer(samples * 256, dictionaryBytes);
		ThreadLocalRandom random = ThreadLocalRandom.current();
		for (int i = 0; i < samples; i++) {
			long id = random.nextLong(1, 20_000_000);
			trainer.addSample(codec.serialize(PersonFactory.create(id, random.nextLong(FIRST_MILLIS, LAST_MILLIS))));
		}
		return trainer.trainSamples();
	}

	/** Arguments: the codec's class name (with a no-argument constructor) and the dictionary file to write. */
	@SuppressWarnings("unchecked")
	public static void main(String[] args) throws IOException, ReflectiveOperationException {
		if (args.length != 2) {
			System.err.println("usage: DictionaryTrainer <codec class> <output file>");
			System.exit(2);
		}
		RedisSerializer<Person> codec = (RedisSerializer<Person>) Class.forName(args[0])
			.getDeclaredConstructor()
			.newInstance();
		byte[] dictionary = train(codec, SAMPLES, DICTIONARY_BYTES);
		Files.write(Path.of(args[1]), dictionary);
		System.out.println("wrote " + dictionary.length + "-byte dictionary for " + args[0] + " to " + args[1]);
	}

}
