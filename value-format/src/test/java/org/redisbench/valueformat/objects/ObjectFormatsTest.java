package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The writable object formats: what each value starts with, that a registering format's bytes are those of its
 * registration file's order (another order does not read them back), and that the advisor's other candidates are
 * refused with their reason.
 */
class ObjectFormatsTest {

	private static final ClassLoader LOADER = ObjectFormatsTest.class.getClassLoader();

	@TempDir
	Path folder;

	@ParameterizedTest
	@CsvSource({ "jdk, AC", "kryo, F1", "kryo-registered, F1", "fory, F2", "fory-registered, F2", "kryo+zstd, C3",
			"fory-registered+lz4, C2", "jdk+gzip, C1" })
	void eachValueStartsWithWhatTellsItApartAndReadsBack(String format, String firstByte) throws IOException {
		Path registrations = registrations(List.of(ArrayList.class, HashMap.class));
		RedisSerializer<Object> serializer = ObjectFormats.serializer(format, LOADER, registrations, null);
		byte[] bytes = serializer.serialize(value());
		assertThat(bytes[0]).isEqualTo((byte) Integer.parseInt(firstByte, 16));
		assertThat(ValueFormat.of(bytes)).isNotEqualTo(ValueFormat.UNKNOWN);
		assertThat(serializer.deserialize(bytes)).isEqualTo(value());
	}

	/** A user's classes, which both libraries register (their own built-ins, such as ArrayList, they do not). */
	record Line(String sku, int quantity) {
	}

	record Note(String text, int quantity) {
	}

	@Test
	void theRegistrationFileIsTheFormat() throws IOException {
		Path written = registrations(List.of(Line.class, Note.class));
		Path reversed = registrations(List.of(Note.class, Line.class));
		Object value = new ArrayList<>(List.of(new Line("SKU-1", 3), new Note("gift", 1)));
		for (String format : List.of("kryo-registered", "fory-registered")) {
			byte[] bytes = ObjectFormats.serializer(format, LOADER, written, null).serialize(value);
			assertThat(ObjectFormats.serializer(format, LOADER, written, null).deserialize(bytes)).isEqualTo(value);
			Object misread;
			try {
				misread = ObjectFormats.serializer(format, LOADER, reversed, null).deserialize(bytes);
			}
			catch (RuntimeException ex) {
				misread = ex;
			}
			assertThat(misread).as(format + " read with the classes in another order").isNotEqualTo(value);
		}
	}

	@Test
	void aRegistrationFileReadsBackInItsOrderAndRefusesAClassTheClasspathLacks() throws IOException {
		Path file = registrations(List.of(HashMap.class, ArrayList.class));
		assertThat(RegistrationFile.read(file, LOADER)).containsExactly(HashMap.class, ArrayList.class);
		java.nio.file.Files.writeString(file, "java.util.HashMap\ncom.example.Gone\njava.util.ArrayList\n");
		assertThatIllegalArgumentException().isThrownBy(() -> RegistrationFile.read(file, LOADER))
			.withMessageContaining("com.example.Gone");
	}

	@Test
	void theAdvisorsOtherCandidatesAndMissingFilesAreRefusedInOneLine() {
		assertThatIllegalArgumentException().isThrownBy(() -> ObjectFormats.Choice.parse("jackson-typed+zstd"))
			.withMessageStartingWith("jackson-typed is not offered: typed JSON is written by the application's own");
		assertThatIllegalArgumentException().isThrownBy(() -> ObjectFormats.Choice.parse("smile"))
			.withMessageContaining("name no class");
		assertThatIllegalArgumentException().isThrownBy(() -> ObjectFormats.Choice.parse("kryo+brotli"));
		assertThatThrownBy(() -> ObjectFormats.encoding("kryo-registered", LOADER, null, null))
			.hasMessageContaining("needs the file of registered classes");
		assertThatThrownBy(() -> ObjectFormats.encoding("kryo+zstd-dict", LOADER, null, null))
			.hasMessageContaining("needs the zstd dictionary");
	}

	private static Object value() {
		Map<String, Object> map = new HashMap<>(Map.of("qty", 3, "sku", "SKU-1"));
		return new ArrayList<>(List.of(map, "tail"));
	}

	private Path registrations(List<Class<?>> classes) throws IOException {
		Path file = this.folder.resolve("registrations-" + classes.get(0).getSimpleName() + classes.size() + ".txt");
		RegistrationFile.write(file, classes);
		return file;
	}

}
