package org.redisbench.valueformat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDictTrainer;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The standard frames other libraries read, beside the compact ones the apps write, and reading either. */
class FrameTest {

	private static final int MAX_LENGTH = 8 * 1024 * 1024;

	private static byte[] dictionary;

	private static final byte[] VALUE = "{\"id\":123456,\"name\":\"name1763899412345\",\"city\":\"Lyon\"}"
		.getBytes(StandardCharsets.UTF_8);

	@BeforeAll
	static void trainDictionary() {
		ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 1024);
		Random random = new Random(1);
		for (int i = 0; i < 2000; i++) {
			trainer.addSample(("{\"id\":" + random.nextInt(1_000_000) + ",\"name\":\"name" + random.nextLong()
					+ "\",\"city\":\"Lyon\"}").getBytes(StandardCharsets.UTF_8));
		}
		dictionary = trainer.trainSamples();
	}

	private static RedisSerializer<byte[]> wrap(Compression compression, Frame frame) {
		return Compressions.wrap(compression, frame, RedisSerializer.byteArray(), () -> dictionary, MAX_LENGTH);
	}

	/** The apps' calls write what they always wrote: the compact frame, tag C0 + the ordinal. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
	void theAppsCallsWriteTheCompactFrame(Compression compression) {
		byte[] apps = Compressions.wrap(compression, RedisSerializer.byteArray(), () -> dictionary).serialize(VALUE);
		byte[] compact = wrap(compression, Frame.COMPACT).serialize(VALUE);

		assertThat(apps[0]).isEqualTo((byte) (0xC0 | compression.ordinal()));
		assertThat(apps).isEqualTo(compact);
	}

	@Test
	void standardFramesHaveTagsOfTheirOwnExceptGzip() {
		assertThat(wrap(Compression.LZ4, Frame.STANDARD).serialize(VALUE)[0]).isEqualTo((byte) 0xCA);
		assertThat(wrap(Compression.ZSTD, Frame.STANDARD).serialize(VALUE)[0]).isEqualTo((byte) 0xCB);
		assertThat(wrap(Compression.ZSTD_DICT, Frame.STANDARD).serialize(VALUE)[0]).isEqualTo((byte) 0xCC);
		assertThat(wrap(Compression.GZIP, Frame.STANDARD).serialize(VALUE)[0]).isEqualTo((byte) 0xC1);
		for (int tag : new int[] { 0xC8, 0xC9, 0xCD, 0xCE, 0xCF }) {
			assertThat(Compressions.ofTag((byte) tag)).as("%02x", tag).isNull();
		}
	}

	/** Each serializer reads the other frame's values too: the tag says which, so a store changes frame in place. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
	void eitherFrameReadsBoth(Compression compression) {
		for (Frame writer : Frame.values()) {
			byte[] stored = wrap(compression, writer).serialize(VALUE);
			for (Frame reader : Frame.values()) {
				assertThat(wrap(compression, reader).deserialize(stored)).as("%s read by %s", writer, reader)
					.isEqualTo(VALUE);
			}
			assertThat(ValueFormat.of(stored)).isEqualTo(ValueFormat.TAGGED);
			assertThat(ValueFormat.compressionOf(stored)).contains(compression);
		}
	}

	@Test
	void standardZstdIsWhatZstdItselfReads() {
		byte[] stored = wrap(Compression.ZSTD, Frame.STANDARD).serialize(VALUE);

		assertThat(Zstd.decompress(Arrays.copyOfRange(stored, 1, stored.length), VALUE.length)).isEqualTo(VALUE);
		byte[] withDictionary = wrap(Compression.ZSTD_DICT, Frame.STANDARD).serialize(VALUE);
		byte[] frame = Arrays.copyOfRange(withDictionary, 1, withDictionary.length);
		assertThat(Zstd.getDictIdFromFrame(frame)).isEqualTo(Zstd.getDictIdFromDict(dictionary));
		assertThat(Zstd.decompress(frame, dictionary, VALUE.length)).isEqualTo(VALUE);
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 1, 200, 5 * 1024 * 1024 })
	void standardLz4IsWhatLz4JavasFrameStreamReads(int length) throws IOException {
		byte[] raw = randomText(length);
		byte[] stored = wrap(Compression.LZ4, Frame.STANDARD).serialize(raw);

		try (InputStream in = new LZ4FrameInputStream(new ByteArrayInputStream(stored, 1, stored.length - 1))) {
			assertThat(in.readAllBytes()).isEqualTo(raw);
		}
		assertThat(wrap(Compression.LZ4, Frame.STANDARD).deserialize(stored)).isEqualTo(raw);
	}

	/** Frames written by another LZ4 library (lz4-java's stream: no content size, a checksum) read too. */
	@ParameterizedTest
	@ValueSource(ints = { 1, 200, 300_000 })
	void lz4FramesOfOtherWritersRead(int length) throws IOException {
		byte[] raw = randomText(length);
		ByteArrayOutputStream frame = new ByteArrayOutputStream();
		frame.write(0xCA);
		try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(frame)) {
			out.write(raw);
		}

		assertThat(wrap(Compression.LZ4, Frame.STANDARD).deserialize(frame.toByteArray())).isEqualTo(raw);
	}

	@Test
	void aStandardFrameClaimingMoreThanTheBoundIsRefusedBeforeInflating() {
		byte[] raw = new byte[100_000];
		for (Compression compression : new Compression[] { Compression.LZ4, Compression.ZSTD }) {
			byte[] stored = wrap(compression, Frame.STANDARD).serialize(raw);
			RedisSerializer<byte[]> small = Compressions.wrap(compression, Frame.STANDARD, RedisSerializer.byteArray(),
					() -> dictionary, 1000);
			assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> small.deserialize(stored))
				.withMessageContaining("more than 1000");
		}
	}

	/** The decoder fuzz found it: a standard zstd tag with nothing or a few bytes after it threw out of bounds. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
	void aStandardTagWithItsFrameCutShortIsRefused(Compression compression) {
		byte[] stored = wrap(compression, Frame.STANDARD).serialize(VALUE);
		RedisSerializer<byte[]> reader = wrap(compression, Frame.STANDARD);
		for (int length = 1; length < Math.min(stored.length, 12); length++) {
			byte[] cut = java.util.Arrays.copyOf(stored, length);
			assertThatExceptionOfType(SerializationException.class).as("%d bytes", length)
				.isThrownBy(() -> reader.deserialize(cut));
		}
	}

	@Test
	void aZstdFrameOfAnotherDictionaryIsRefused() {
		ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 1024);
		Random random = new Random(2);
		for (int i = 0; i < 2000; i++) {
			trainer.addSample(("[" + random.nextInt() + "," + random.nextLong() + "]").getBytes(StandardCharsets.UTF_8));
		}
		byte[] otherDictionary = trainer.trainSamples();
		byte[] stored = wrap(Compression.ZSTD_DICT, Frame.STANDARD).serialize(VALUE);

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> Compressions.wrap(Compression.ZSTD_DICT, Frame.STANDARD, RedisSerializer.byteArray(),
					() -> otherDictionary, MAX_LENGTH).deserialize(stored));
	}

	@Test
	void frameLabels() {
		assertThat(Named.parse(Frame.class, "frame", "standard")).isEqualTo(Frame.STANDARD);
		assertThatIllegalArgumentException().isThrownBy(() -> Named.parse(Frame.class, "frame", "stock"))
			.withMessage("unknown frame 'stock', one of: compact, standard");
	}

	private static byte[] randomText(int length) {
		byte[] raw = new byte[length];
		Random random = new Random(length);
		for (int i = 0; i < length; i++) {
			raw[i] = (byte) ('a' + random.nextInt(random.nextInt(4) == 0 ? 26 : 3));
		}
		return raw;
	}

}
