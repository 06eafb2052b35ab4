package org.redisbench.valueformat;

import java.util.Arrays;
import java.util.Random;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictTrainer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ZstdCompressorTest {

	private static final int MAX_LENGTH = 256 * 1024;

	private static byte[] dictionary;

	@BeforeAll
	static void trainDictionary() {
		ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 1024);
		Random random = new Random(1);
		for (int i = 0; i < 2000; i++) {
			trainer.addSample(("{\"id\":" + random.nextInt(1_000_000) + ",\"name\":\"name" + random.nextLong() + "\"}")
				.getBytes());
		}
		dictionary = trainer.trainSamples();
	}

	@Test
	void valueIsTheStandardFrameWithoutItsBlockHeaderAfterTheFingerprint() {
		byte[] raw = "{\"id\":123456,\"name\":\"name1763899412345\"}".getBytes();
		byte[] standard = new ZstdCompressCtx().setLevel(ZstdCompressor.LEVEL)
			.setMagicless(true)
			.setChecksum(false)
			.setContentSize(true)
			.setDictID(false)
			.loadDict(new ZstdDictCompress(dictionary, ZstdCompressor.LEVEL))
			.compress(raw);

		byte[] value = new ZstdCompressor(dictionary).compress(raw);

		assertThat(value).hasSize(2 + standard.length - 3);
		assertThat(Arrays.copyOfRange(value, value.length - (standard.length - 5), value.length))
			.isEqualTo(Arrays.copyOfRange(standard, 5, standard.length));
	}

	/** Random bytes make a raw block, repeats a compressed one; sizes cover each content size width. */
	@ParameterizedTest
	@ValueSource(ints = { 0, 1, 255, 256, 65_791, 65_792, 100_000 })
	void roundTripsEveryBlockType(int length) {
		byte[] random = new byte[length];
		new Random(length).nextBytes(random);
		byte[] repeated = new byte[length];
		Arrays.fill(repeated, (byte) 'a');
		for (ZstdCompressor compressor : new ZstdCompressor[] { new ZstdCompressor(), new ZstdCompressor(dictionary) }) {
			for (byte[] raw : new byte[][] { random, repeated }) {
				assertThat(compressor.decompress(compressor.compress(raw), MAX_LENGTH)).isEqualTo(raw);
			}
		}
	}

	@Test
	void runLengthBlockIsRebuiltFromTheContentSize() {
		byte[] value = { 0x20 | 1 << 3, 5, 'a' };

		assertThat(new ZstdCompressor().decompress(value, MAX_LENGTH)).isEqualTo("aaaaa".getBytes());
	}

	@Test
	void runLengthBlockOfMoreThanOneByteIsRefused() {
		byte[] value = { 0x20 | 1 << 3, 5, 'a', 'a' };

		assertThatIllegalArgumentException().isThrownBy(() -> new ZstdCompressor().decompress(value, MAX_LENGTH))
			.withMessageContaining("block");
	}

	@ParameterizedTest
	@ValueSource(ints = { 0x20 | 3 << 3, 0x20 | 0x04, 0x20 | 0x01, 0x00 })
	void descriptorThisCompressorNeverWritesIsRefused(int descriptor) {
		byte[] value = { (byte) descriptor, 1, 'a', 0, 0, 0, 0, 0, 0, 0, 0 };

		assertThatIllegalArgumentException().isThrownBy(() -> new ZstdCompressor().decompress(value, MAX_LENGTH))
			.withMessageContaining("not a zstd frame of this compressor");
	}

	@Test
	void blockLongerThanZstdAllowsIsRefused() {
		// Claims 1000 bytes of content, in a 4-byte content size, with one byte of body too many.
		byte[] value = new byte[5 + 128 * 1024 + 1];
		value[0] = (byte) (0x20 | 2 << 6);
		value[1] = (byte) 0xE8;
		value[2] = 0x03;

		assertThatIllegalArgumentException().isThrownBy(() -> new ZstdCompressor().decompress(value, MAX_LENGTH))
			.withMessageContaining("not a zstd block of this compressor");
	}

	@Test
	void contentOfMoreThanOneBlockIsNotWritten() {
		byte[] raw = new byte[200 * 1024];
		new Random(2).nextBytes(raw);

		assertThatIllegalArgumentException().isThrownBy(() -> new ZstdCompressor().compress(raw))
			.withMessageContaining("more than one block");
	}

}
