package org.redisbench.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Property-based tests of an app's decoder, with and without each compression, on values an attacker with
 * write access to Redis could plant: random bytes, and valid values mutated (bits flipped, bytes inserted,
 * cut, spliced, forged lengths). For every input the decoder either returns a {@link Person} or throws a
 * {@link SerializationException}; never anything else, never a large allocation, never a class of the
 * value's choosing brought to life.
 * <p>
 * Inputs come from a seeded {@link Random}; a failure names the seed and the input, and
 * {@code -Dfuzz.seed=...} replays it. {@code -Dfuzz.runs=...} sets the number of inputs per property.
 */
public abstract class DecoderFuzzContractTest {

	private static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());

	private static final int RUNS = Integer.getInteger("fuzz.runs", 3000);

	/**
	 * Decoding a person takes a few KiB, and no value may decompress to more than 64 KiB; a length prefix the
	 * decoder believed would ask for up to 4 GiB.
	 */
	private static final long MAX_ALLOCATION = 1024 * 1024;

	/** Lengths as Kryo, LZ4 and zstd write them: a 5-byte varint near 2^31, and one with every bit set. */
	private static final List<byte[]> FORGED_LENGTHS = List.of(bytes(0xFE, 0xFF, 0xFF, 0xFF, 0x07),
			bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x0F), bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F));

	private static final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
		.getThreadMXBean();

	/** The app's own codec, as its main class declares it. */
	protected abstract RedisSerializer<Person> codec();

	/** Tokens of the codec's format that random mutation would rarely produce by itself. */
	protected abstract List<byte[]> tokens();

	/** Values in the codec's format asking for {@code className} to be instantiated. */
	protected abstract List<byte[]> valuesNaming(String className);

	@ParameterizedTest
	@EnumSource(Compression.class)
	protected void randomBytesAreRefusedOrDecodeToAPerson(Compression compression) {
		RedisSerializer<Person> decoder = decoder(compression);
		byte[] valid = decoder.serialize(PersonFactory.create(1));
		Random random = new Random(SEED);
		for (int run = 0; run < RUNS; run++) {
			byte[] input = new byte[random.nextInt(300)];
			random.nextBytes(input);
			if (compression != Compression.NONE && input.length > 0 && random.nextBoolean()) {
				// The right tag gets random bytes past the tag check, into the decompressor.
				input[0] = valid[0];
			}
			decodeSafely(decoder, input, compression);
		}
	}

	@ParameterizedTest
	@EnumSource(Compression.class)
	protected void mutatedValuesAreRefusedOrDecodeToAPerson(Compression compression) {
		RedisSerializer<Person> decoder = decoder(compression);
		Random random = new Random(SEED);
		List<byte[]> valid = new ArrayList<>();
		for (long id = 1; id <= 20; id++) {
			valid.add(decoder.serialize(PersonFactory.create(id * 1_000_003L)));
		}
		int notDecoded = 0;
		for (int run = 0; run < RUNS; run++) {
			byte[] input = valid.get(random.nextInt(valid.size()));
			for (int mutations = 1 + random.nextInt(4); mutations > 0; mutations--) {
				input = mutate(input, random, valid);
			}
			if (decodeSafely(decoder, input, compression) == null) {
				notDecoded++;
			}
		}
		assertThat(notDecoded).as("mutations that reached the decoder's checks").isPositive();
	}

	@Test
	void forgedLengthAtAnyOffsetAllocatesNothingLarge() {
		RedisSerializer<Person> decoder = codec();
		byte[] valid = decoder.serialize(PersonFactory.create(42));
		for (byte[] forged : FORGED_LENGTHS) {
			for (int offset = 0; offset < valid.length; offset++) {
				byte[] overwritten = valid.clone();
				System.arraycopy(forged, 0, overwritten, offset, Math.min(forged.length, valid.length - offset));
				decodeSafely(decoder, overwritten, Compression.NONE);
				decodeSafely(decoder, insert(valid, offset, forged), Compression.NONE);
			}
		}
	}

	@Test
	void valuesNamingGadgetClassesAreRefusedAndInstantiateNothing() {
		List<byte[]> values = new ArrayList<>();
		for (String className : Gadgets.knownNames()) {
			List<byte[]> naming = valuesNaming(className);
			assertThat(naming).as("values naming " + className).isNotEmpty();
			values.addAll(naming);
		}
		// Counted only now: writing a value of a probe may have needed a probe.
		int touchesBefore = Gadgets.touches();
		for (byte[] value : values) {
			Person person = decodeSafely(codec(), value, Compression.NONE);
			assertThat(person != null && PersonDigest.isIntact(person))
				.as("%s passes as an intact person: %s", describe(value, Compression.NONE), person)
				.isFalse();
		}
		assertThat(Gadgets.touches()).as("gadget probes initialized, constructed or set").isEqualTo(touchesBefore);
	}

	@Test
	void allocationMeterSeesWhatAForgedLengthWouldCost() {
		// Proves the allocation bound above can fail: the meter sees an array of the bound's size.
		long before = threads.getCurrentThreadAllocatedBytes();
		byte[] large = new byte[(int) MAX_ALLOCATION];
		long allocated = threads.getCurrentThreadAllocatedBytes() - before;
		assertThat(large).hasSize((int) MAX_ALLOCATION);
		assertThat(allocated).isGreaterThanOrEqualTo(MAX_ALLOCATION);
	}

	/** Returns the decoded person, or {@code null} when the decoder refused the value as it should. */
	private static Person decodeSafely(RedisSerializer<Person> decoder, byte[] input, Compression compression) {
		int touchesBefore = Gadgets.touches();
		Decoded decoded = decode(decoder, input);
		if (decoded.allocated() >= MAX_ALLOCATION) {
			// A decoder's first use of a code path loads and caches more than any input costs; an allocation
			// the input drives comes back when it is decoded again.
			decoded = decode(decoder, input);
		}
		if (decoded.unexpected() != null) {
			fail("decoder threw " + decoded.unexpected() + " for " + describe(input, compression), decoded.unexpected());
		}
		assertThat(decoded.allocated()).as("bytes allocated decoding " + describe(input, compression))
			.isLessThan(MAX_ALLOCATION);
		assertThat(Gadgets.touches()).as("gadget probes touched decoding " + describe(input, compression))
			.isEqualTo(touchesBefore);
		if (decoded.person() != null) {
			assertThat(decoded.person().getClass()).isEqualTo(Person.class);
		}
		return decoded.person();
	}

	private static Decoded decode(RedisSerializer<Person> decoder, byte[] input) {
		long before = threads.getCurrentThreadAllocatedBytes();
		Person person = null;
		Throwable unexpected = null;
		try {
			person = decoder.deserialize(input);
		}
		catch (SerializationException refused) {
			unexpected = (refused.getMessage() == null || refused.getMessage().isBlank()) ? refused : null;
		}
		catch (Throwable ex) {
			unexpected = ex;
		}
		return new Decoded(person, unexpected, threads.getCurrentThreadAllocatedBytes() - before);
	}

	private byte[] mutate(byte[] value, Random random, List<byte[]> valid) {
		if (value.length == 0) {
			return bytes(random.nextInt(256));
		}
		int at = random.nextInt(value.length);
		int length = 1 + random.nextInt(Math.min(16, value.length - at));
		byte[] mutated = value.clone();
		switch (random.nextInt(10)) {
			case 0 -> mutated[at] ^= (byte) (1 << random.nextInt(8));
			case 1 -> mutated[at] = (byte) random.nextInt(256);
			case 2 -> mutated[at] = (byte) List.of(0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF).get(random.nextInt(6)).intValue();
			case 3 -> {
				byte[] inserted = new byte[1 + random.nextInt(8)];
				random.nextBytes(inserted);
				mutated = insert(value, at, inserted);
			}
			case 4 -> mutated = concat(Arrays.copyOfRange(value, 0, at), Arrays.copyOfRange(value, at + length, value.length));
			case 5 -> mutated = Arrays.copyOf(value, at);
			case 6 -> mutated = insert(value, at, Arrays.copyOfRange(value, at, at + length));
			case 7 -> mutated = insert(value, at, tokens().get(random.nextInt(tokens().size())));
			case 8 -> mutated = insert(value, at, FORGED_LENGTHS.get(random.nextInt(FORGED_LENGTHS.size())));
			default -> {
				byte[] other = valid.get(random.nextInt(valid.size()));
				int from = random.nextInt(other.length);
				mutated = concat(Arrays.copyOfRange(value, 0, at), Arrays.copyOfRange(other, from, other.length));
			}
		}
		return mutated;
	}

	private RedisSerializer<Person> decoder(Compression compression) {
		return Compressions.wrap(compression, codec(), dictionary());
	}

	/** The zstd dictionary the app ships, from its classpath, as {@code bench.zstd-dictionary} defaults to. */
	private static Supplier<byte[]> dictionary() {
		return () -> {
			try (InputStream in = DecoderFuzzContractTest.class.getClassLoader().getResourceAsStream("person.zdict")) {
				assertThat(in).as("person.zdict on the classpath").isNotNull();
				return in.readAllBytes();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		};
	}

	private static String describe(byte[] input, Compression compression) {
		return "compression " + compression + ", seed " + SEED + ", input " + HexFormat.of().formatHex(input);
	}

	private static byte[] insert(byte[] value, int at, byte[] inserted) {
		return concat(concat(Arrays.copyOfRange(value, 0, at), inserted), Arrays.copyOfRange(value, at, value.length));
	}

	private static byte[] concat(byte[] first, byte[] second) {
		byte[] joined = Arrays.copyOf(first, first.length + second.length);
		System.arraycopy(second, 0, joined, first.length, second.length);
		return joined;
	}

	/** What one decode gave: a person, or a throwable other than a clear refusal, and the bytes it allocated. */
	private record Decoded(Person person, Throwable unexpected, long allocated) {

	}

	protected static byte[] bytes(int... values) {
		byte[] bytes = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			bytes[i] = (byte) values[i];
		}
		return bytes;
	}

}
