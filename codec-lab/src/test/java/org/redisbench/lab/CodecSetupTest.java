package org.redisbench.lab;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.valueformat.Compression;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.FstPersonSerializer;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.person.Person;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every codec x compression goes through the lab as it measures it: a broken codec fails the build here. */
class CodecSetupTest {

	static Stream<Arguments> everyConfiguration() {
		return Arrays.stream(PersonCodec.values())
			.flatMap((codec) -> Arrays.stream(Compression.values()).map((compression) -> Arguments.of(codec, compression)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("everyConfiguration")
	void everyAvailableCodecRoundTripsItsPersonsThroughTheLabsSetUp(PersonCodec codec, Compression compression) {
		CodecSetup setup = new CodecSetup(codec, compression);
		if (codec.availability() instanceof Availability.Unavailable unavailable) {
			assertFalse(unavailable.why().isBlank(), codec + " must say why it is unavailable");
			IllegalStateException refused = assertThrows(IllegalStateException.class, setup::start);
			assertTrue(refused.getMessage().contains(unavailable.why()), refused.getMessage());
			return;
		}
		LabCodec lab = setup.start();
		Person[] persons = LabPersons.first(CodecBenchmark.POOL);
		Person[] decoded = Arrays.stream(persons).map(lab::encode).map(lab::decodeIntact).toArray(Person[]::new);
		assertArrayEquals(persons, decoded);
	}

	/** The tests run with CodecSetup.jvmFlags (the pom's argLine), as scripts/codec-lab.sh runs the lab. */
	@Test
	void withItsJvmFlagsEveryCodecRunsHere() {
		assertEquals(FstPersonSerializer.REQUIRED_FLAGS, CodecSetup.jvmFlags(List.of(PersonCodec.values())));
		assertEquals("", CodecSetup.jvmFlags(List.of(PersonCodec.KRYO)));
		for (PersonCodec codec : PersonCodec.values()) {
			assertInstanceOf(Availability.Available.class, codec.availability(), codec.id());
		}
	}

	@Test
	void aPersonThatFailsItsMd5IsRefused() {
		LabCodec lab = CodecSetup.of("kryo", "none").start();
		Person person = LabPersons.first(1)[0];
		person.setAge(person.getAge() + 1);
		assertThrows(IllegalStateException.class, () -> lab.decodeIntact(lab.encode(person)));
	}

	@Test
	void theMeasuredPersonsAreDistinctAndStartAtIdOne() {
		Person[] persons = LabPersons.first(3);
		assertEquals(1, persons[0].getId());
		assertEquals(3, persons[2].getId());
		assertNotEquals(persons[0], persons[1]);
	}

	@Test
	void compressionsAreNamedAsTheAppsName() {
		for (Compression compression : Compression.values()) {
			assertEquals(compression, CodecSetup.compression(compression.toString()));
		}
		assertThrows(IllegalArgumentException.class, () -> CodecSetup.compression("ZSTD_DICT"));
		assertThrows(IllegalArgumentException.class, () -> CodecSetup.of("json", "none"));
	}

}
