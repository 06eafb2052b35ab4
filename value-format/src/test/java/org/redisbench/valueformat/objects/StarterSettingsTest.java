package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.ValueFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The settings a service is given: the starter's coordinates are its pom's, and the properties for a format with a
 * dictionary, with registrations, and for a plain switch, exactly as the reports print them.
 */
class StarterSettingsTest {

	private static final Optional<ServiceFormat> JDK = ServiceFormat.storedAs(ValueFormat.JDK, Compression.NONE);

	/** The dependency block as every report prints it: the version is the build's. */
	private static final String DEPENDENCY = """
			```xml
			<dependency>
			    <groupId>org.redisbench</groupId>
			    <artifactId>value-format-spring-boot-starter</artifactId>
			    <version>%s</version>
			</dependency>
			```

			""".formatted(StarterSettings.COORDINATES.version());

	@Test
	void theCoordinatesAreTheStartersPom() throws IOException {
		String pom = Files.readString(Path.of("../value-format-starter/pom.xml"));
		String parent = pom.substring(pom.indexOf("<parent>"), pom.indexOf("</parent>"));
		String own = pom.substring(pom.indexOf("</parent>"));
		assertThat(StarterSettings.COORDINATES).isEqualTo(new StarterSettings.Coordinates(element(parent, "groupId"),
				element(own, "artifactId"), element(parent, "version")));
	}

	@Test
	void kryoWithADictionaryFromJdk() {
		StarterSettings settings = StarterSettings.of(ServiceFormat.parse("kryo+zstd-dict"), JDK,
				List.of("com.acme.**", " org.springframework.security.**"), Optional.empty(),
				Optional.of(Path.of("/etc/acme/values.zdict")));
		assertThat(settings.markdown()).isEqualTo(DEPENDENCY + """
				```properties
				value-format.write=kryo+zstd-dict
				value-format.read-also=jdk
				value-format.allow=com.acme.**,org.springframework.security.**
				value-format.dictionary=file:/etc/acme/values.zdict
				```
				""");
	}

	@Test
	void whatTheToolWasNotGivenIsALineSayingWhatGoesThere() {
		StarterSettings settings = StarterSettings.of(ServiceFormat.parse("fory-registered+zstd-dict"),
				Optional.empty(), List.of(""), Optional.empty(), Optional.empty());
		assertThat(settings.markdown()).isEqualTo(DEPENDENCY + """
				```properties
				value-format.write=fory-registered+zstd-dict
				# value-format.read-also=<the format the values are in now, as value-format.write names one>
				# value-format.allow=<the packages of your values, e.g. com.acme.**: reading fory-registered+zstd-dict builds whatever class a value names>
				# value-format.registrations=file:<the file of registered classes, in order, that migrate's dry run writes to --registrations>
				# value-format.dictionary=file:<the zstd dictionary, trained on the new format's bytes, that migrate's --to-dictionary is given too (docs/starter.md)>
				```
				""");
		assertThat(StarterSettings.of(ServiceFormat.parse("kryo"), JDK, List.of(), Optional.empty(), Optional.empty())
			.properties()).containsExactly("value-format.write=kryo", "value-format.read-also=jdk",
					"# value-format.allow=<the packages of your values, e.g. com.acme.**: reading kryo builds whatever"
							+ " class a value names>");
	}

	@Test
	void aFormatTheStarterDoesNotWriteIsOneLine() {
		assertThat(StarterSettings.notWritten("msgpack+zstd", "its bytes name no class").markdown())
			.isEqualTo("The value-format starter does not write msgpack+zstd: its bytes name no class; it writes jdk,"
					+ " kryo, kryo-registered, fory, fory-registered, typed-json, each alone or with +gzip, +lz4, +zstd,"
					+ " +zstd-dict, a value a key (docs/starter.md).\n");
	}

	/** What the starter is set to write is parsed back by the starter as the same format. */
	@Test
	void everyObjectFormatAndCompressionIsAStarterFormat() {
		for (ObjectFormat format : ObjectFormat.values()) {
			for (Compression compression : Compression.values()) {
				ObjectFormats.Choice choice = new ObjectFormats.Choice(format, compression);
				assertThat(ServiceFormat.parse(choice.toString())).isEqualTo(new ServiceFormat.Objects(choice));
			}
		}
		assertThat(ServiceFormat.storedAs(ValueFormat.TYPED_JSON, Compression.ZSTD))
			.contains(ServiceFormat.parse("typed-json+zstd"));
		assertThat(ServiceFormat.storedAs(ValueFormat.SMILE, Compression.NONE)).isEmpty();
	}

	private static String element(String xml, String name) {
		Matcher matcher = Pattern.compile("<" + name + ">([^<]+)</" + name + ">").matcher(xml);
		assertThat(matcher.find()).as(name).isTrue();
		return matcher.group(1).strip();
	}

}
