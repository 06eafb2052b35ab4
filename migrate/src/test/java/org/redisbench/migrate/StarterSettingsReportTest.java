package org.redisbench.migrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.migrate.fixtures.Label;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.objects.AllowList;
import org.redisbench.valueformat.objects.ObjectFormat;
import org.redisbench.valueformat.objects.ObjectFormats;
import org.redisbench.valueformat.objects.RegistrationFile;
import org.redisbench.valueformat.objects.ServiceFormat;
import org.redisbench.valueformat.objects.StarterSettings;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the migrator writes for a user's objects, a service reads with the value-format starter: every {@code --to} it
 * takes is a format of the starter's ({@link ServiceFormat}, one list in value-format), and the starter's serializer
 * reads what the migrator wrote in it, so no dry run needs to refuse one. The report ends with the starter's
 * dependency and the properties that read the {@code --from} beside the {@code --to}, exactly.
 */
class StarterSettingsReportTest {

	private static final String ALLOW = Label.class.getName();

	/** A trained zstd dictionary (the kryo app's persons'): any one does for the bytes to round trip. */
	private static final Path DICTIONARY = Path.of("../kryo-app/src/main/resources/person.zdict");

	private static final RedisSerializer<Object> TYPED_JSON = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build();

	/** The dependency block, whose exact text value-format's StarterSettingsTest holds. */
	private static final String DEPENDENCY = "```xml\n" + StarterSettings.COORDINATES.dependency() + "```\n\n";

	private static final String SECTION = """
			## The service, reading both

			Before the values are rewritten, switch the service to write the new format and read the old one beside \
			it: in a Spring Boot service, the value-format starter with these properties (docs/starter.md).

			""";

	@TempDir
	Path folder;

	@Test
	void everyFormatTheMigratorWritesTheStartersSerializerReads() throws IOException {
		Path registrations = this.folder.resolve("registrations.txt");
		RegistrationFile.write(registrations, List.of(Label.class));
		byte[] dictionary = Files.readAllBytes(DICTIONARY);
		Object value = new ArrayList<>(List.of(new Label("gift", 3)));
		byte[] typedJson = TYPED_JSON.serialize(value);
		ClassLoader loader = getClass().getClassLoader();
		int formats = 0;
		for (ObjectFormat format : ObjectFormat.values()) {
			for (Compression compression : Compression.values()) {
				String to = new ObjectFormats.Choice(format, compression).toString();
				ObjectConversion conversion = ObjectConversion.of(options("jackson-typed", to,
						format.registers() ? registrations : null));
				Disposition verdict = conversion.classify(typedJson);
				assertThat(verdict).as(to).isInstanceOf(Disposition.Convert.class);
				byte[] written = ((Disposition.Convert) verdict).converted();
				RedisSerializer<Object> starter = ServiceFormat.parse(to)
					.encoding(Frame.STANDARD, new AllowList(List.of(ALLOW)), loader, List.of(Label.class),
							() -> dictionary)
					.serializer();
				assertThat(starter.deserialize(written)).as(to).isEqualTo(value);
				formats++;
			}
		}
		assertThat(formats).isEqualTo(ObjectFormat.values().length * Compression.values().length);
	}

	@Test
	void aPlainSwitchFromJdkEndsWithTheStartersDependencyAndProperties() throws IOException {
		assertThat(report("jdk", "kryo", null)).endsWith(SECTION + DEPENDENCY + """
				```properties
				value-format.write=kryo
				value-format.read-also=jdk
				value-format.allow=org.redisbench.migrate.fixtures.Label
				```
				""");
	}

	@Test
	void kryoWithADictionaryNamesTheDictionaryFile() throws IOException {
		assertThat(report("jdk", "kryo+zstd-dict", null)).endsWith(SECTION + DEPENDENCY + """
				```properties
				value-format.write=kryo+zstd-dict
				value-format.read-also=jdk
				value-format.allow=org.redisbench.migrate.fixtures.Label
				value-format.dictionary=file:%s
				```
				""".formatted(DICTIONARY.toAbsolutePath().normalize()));
	}

	@Test
	void registeredFromTypedJsonNamesTheRegistrationFileAndTheStartersTypedJson() throws IOException {
		Path registrations = this.folder.resolve("registrations.txt");
		RegistrationFile.write(registrations, List.of(Label.class));
		assertThat(report("jackson-typed", "fory-registered+zstd", registrations)).endsWith("""
				```properties
				value-format.write=fory-registered+zstd
				value-format.read-also=typed-json
				value-format.allow=org.redisbench.migrate.fixtures.Label
				value-format.registrations=file:%s
				```
				""".formatted(registrations.toAbsolutePath().normalize()));
	}

	/** migrate.md of a run of that conversion, counted nothing: the section the report ends with. */
	private String report(String from, String to, Path registrations) throws IOException {
		MigrateOptions options = options(from, to, registrations);
		ObjectConversion conversion = ObjectConversion.of(options);
		MigrationReport report = new MigrationReport(options.mode(),
				new Checkpoint.Identity("redis://127.0.0.1:1", "*", conversion.from(), conversion.to()),
				List.of("127.0.0.1:1"), conversion.service(options));
		Path out = Files.createTempDirectory(this.folder, "report");
		report.write(out);
		return Files.readString(out.resolve(MigrationReport.FILE));
	}

	private MigrateOptions options(String from, String to, Path registrations) throws IOException {
		List<String> args = new ArrayList<>(List.of("--uri", "redis://127.0.0.1:1", "--match", "*", "--from", from,
				"--to", to, "--allow", ALLOW, "--to-dictionary", DICTIONARY.toString(), "--sample", "2", "--output",
				Files.createTempDirectory(this.folder, "out").resolve("run").toString()));
		if (registrations != null) {
			args.addAll(List.of("--registrations", registrations.toString()));
		}
		return MigrateCommandTest.options(args.toArray(String[]::new));
	}

}
