package org.redisbench.migrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.Refusal;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.ValueFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the migrator makes of each value: converted only when it reads back equal, told by its first bytes after. */
class PersonConversionTest {

	private static final Path KRYO_DICTIONARY = Path.of("../kryo-app/src/main/resources/person.zdict");

	private final Person person = PersonFactory.create(42);

	@Test
	void aJdkPersonBecomesKryoZstdDictThatReadsBackEqualAndIsThenLeftAlone() throws IOException {
		PersonConversion conversion = PersonConversion.of("jdk", "kryo+zstd-dict", null, KRYO_DICTIONARY);
		byte[] jdk = PersonCodec.JDK.newSerializer().serialize(this.person);

		Disposition verdict = conversion.classify(jdk);

		assertThat(verdict).isInstanceOf(Disposition.Convert.class);
		byte[] converted = ((Disposition.Convert) verdict).converted();
		byte[] dictionary = Files.readAllBytes(KRYO_DICTIONARY);
		assertThat(Compressions.wrap(Compression.ZSTD_DICT, PersonCodec.KRYO.newSerializer(), () -> dictionary)
			.deserialize(converted)).isEqualTo(this.person);
		assertThat(ValueFormat.compressionOf(converted)).contains(Compression.ZSTD_DICT);
		assertThat(converted.length).isLessThan(jdk.length);
		// what a resumed run, or the app's own write, leaves as it is
		assertThat(conversion.classify(converted)).isInstanceOf(Disposition.InTarget.class);
		assertThat(conversion.decodes(converted)).isTrue();
		assertThat(conversion.decodes(jdk)).isTrue();
	}

	@Test
	void aValueOfAnotherFormatOrOneThatDoesNotDecodeIsLeftWithItsReason() {
		PersonConversion conversion = PersonConversion.of("jdk", "kryo+zstd-dict", null, KRYO_DICTIONARY);
		byte[] json = PersonCodec.FASTJSON2.newSerializer().serialize(this.person);
		byte[] jdk = PersonCodec.JDK.newSerializer().serialize(this.person);
		byte[] cut = Arrays.copyOf(jdk, jdk.length / 2);

		assertThat(conversion.classify(json)).isEqualTo(new Disposition.Refused(Disposition.Reason.OTHER_FORMAT, "json"));
		assertThat(conversion.classify(cut)).isInstanceOfSatisfying(Disposition.Refused.class,
				(refused) -> assertThat(refused.reason()).isEqualTo(Disposition.Reason.DOES_NOT_DECODE));
		assertThat(conversion.decodes(cut)).isFalse();
		assertThat(conversion.decodes("plain text".getBytes(StandardCharsets.UTF_8))).isFalse();
	}

	@Test
	void fromAFormatWithNoHeaderTheTargetIsWhatDecodesAsIt() {
		PersonConversion conversion = PersonConversion.of("kryo", "jdk", null, null);
		byte[] kryo = PersonCodec.KRYO.newSerializer().serialize(this.person);
		byte[] jdk = PersonCodec.JDK.newSerializer().serialize(this.person);

		assertThat(conversion.classify(kryo)).isInstanceOfSatisfying(Disposition.Convert.class,
				(convert) -> assertThat(convert.converted()).isEqualTo(jdk));
		assertThat(conversion.classify(jdk)).isInstanceOf(Disposition.InTarget.class);
	}

	@Test
	void aHeaderlessTargetIsWrittenAfterItsFormatTagAsTheAppWritesIt() {
		PersonConversion conversion = PersonConversion.of("jdk", "kryo", null, null);

		Disposition verdict = conversion.classify(PersonCodec.JDK.newSerializer().serialize(this.person));

		assertThat(verdict).isInstanceOfSatisfying(Disposition.Convert.class,
				(convert) -> assertThat(ValueFormat.of(convert.converted())).isEqualTo(ValueFormat.KRYO_TAGGED));
	}

	@Test
	void badConversionsAreRefusedInOneLine() {
		assertThatThrownBy(() -> PersonConversion.of("jdk", "jdk", null, null)).isInstanceOf(Refusal.class)
			.hasMessageContaining("nothing to convert");
		assertThatThrownBy(() -> PersonConversion.of("jdkx", "kryo", null, null)).isInstanceOf(Refusal.class)
			.hasMessageContaining("no codec 'jdkx'");
		assertThatThrownBy(() -> PersonConversion.of("jdk", "kryo+zip", null, null)).isInstanceOf(Refusal.class)
			.hasMessageStartingWith("--to kryo+zip");
		assertThatThrownBy(() -> PersonConversion.of("jdk", "kryo+zstd-dict", null, null))
			.isInstanceOf(Refusal.class)
			.hasMessageContaining("needs --to-dictionary");
		// fastjson2 and Jackson write the same JSON: their values cannot be told apart
		assertThatThrownBy(() -> PersonConversion.of("fastjson2", "jackson-json", null, null))
			.isInstanceOf(Refusal.class)
			.hasMessageContaining("start alike");
	}

}
