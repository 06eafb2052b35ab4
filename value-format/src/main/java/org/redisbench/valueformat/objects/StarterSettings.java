package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Named;

/**
 * What a Spring Boot service sets to store its values in a {@link ServiceFormat} through value-format's starter
 * (docs/starter.md): the starter's dependency and its {@code value-format.*} properties ({@link Written}), or the one
 * line saying the starter does not write what was chosen ({@link NotWritten}). The one definition of the
 * properties' names, which the starter binds, and of the starter's coordinates, whose version is the build's
 * ({@code starter.properties}, filtered by Maven). The advisor's advice and the migrator's report end with
 * {@link #markdown()}.
 */
public sealed interface StarterSettings {

	String PREFIX = "value-format";

	String WRITE = PREFIX + ".write";

	String READ_ALSO = PREFIX + ".read-also";

	String ALLOW = PREFIX + ".allow";

	String DICTIONARY = PREFIX + ".dictionary";

	String REGISTRATIONS = PREFIX + ".registrations";

	Coordinates COORDINATES = Coordinates.read();

	/** The starter's Maven coordinates, as a service's pom names them. */
	record Coordinates(String groupId, String artifactId, String version) {

		/** The dependency element a service's pom takes. */
		public String dependency() {
			return "<dependency>\n    <groupId>" + this.groupId + "</groupId>\n    <artifactId>" + this.artifactId
					+ "</artifactId>\n    <version>" + this.version + "</version>\n</dependency>\n";
		}

		@Override
		public String toString() {
			return this.groupId + ":" + this.artifactId + ":" + this.version;
		}

		private static Coordinates read() {
			Properties properties = new Properties();
			try (InputStream in = StarterSettings.class.getResourceAsStream("starter.properties")) {
				if (in == null) {
					throw new IllegalStateException("starter.properties is not beside StarterSettings: value-format's"
							+ " jar was built without its resources");
				}
				properties.load(in);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return new Coordinates(properties.getProperty("groupId"), properties.getProperty("artifactId"),
					properties.getProperty("version"));
		}

	}

	/**
	 * The properties for {@code write}, each file or pattern the tool was given in its place; a property the service
	 * needs that the tool cannot fill is a comment saying what goes there, so that the service, started without it,
	 * stops with the starter's one line naming it.
	 *
	 * @param readAlso what the values are in now, which the service reads beside {@code write}; empty when unknown
	 * @param allow the patterns the tool was given (its {@code --allow}), empty for none
	 * @param registrations the file of registered classes, for a registering format
	 * @param dictionary the zstd dictionary's file, for {@code zstd-dict}
	 */
	static Written of(ServiceFormat write, Optional<ServiceFormat> readAlso, List<String> allow,
			Optional<Path> registrations, Optional<Path> dictionary) {
		List<ServiceFormat> read = Stream.concat(Stream.of(write), readAlso.stream()).toList();
		List<String> lines = new ArrayList<>();
		lines.add(WRITE + "=" + write);
		lines.add(readAlso.map((format) -> READ_ALSO + "=" + format)
			.orElse("# " + READ_ALSO + "=<the format the values are in now, as " + WRITE + " names one>"));
		// every format the starter reads builds whatever class a value names, unless the list restricts it
		List<String> patterns = allow.stream().map(String::strip).filter((pattern) -> !pattern.isEmpty()).toList();
		lines.add(patterns.isEmpty() ? "# " + ALLOW + "=<the packages of your values, e.g. com.acme.**: reading " + write
				+ " builds whatever class a value names>" : ALLOW + "=" + String.join(",", patterns));
		if (read.stream().anyMatch(ServiceFormat::registers)) {
			lines.add(registrations.map((file) -> REGISTRATIONS + "=" + location(file))
				.orElse("# " + REGISTRATIONS + "=file:<the file of registered classes, in order, that migrate's dry"
						+ " run writes to --registrations>"));
		}
		if (read.stream().anyMatch((format) -> format.compression() == Compression.ZSTD_DICT)) {
			lines.add(dictionary.map((file) -> DICTIONARY + "=" + location(file))
				.orElse("# " + DICTIONARY + "=file:<the zstd dictionary, trained on the new format's bytes, that"
						+ " migrate's --to-dictionary is given too (docs/starter.md)>"));
		}
		return new Written(write, lines);
	}

	/**
	 * @param what e.g. {@code msgpack+zstd}, {@code hash buckets}
	 * @param why what it is that the starter does not do
	 */
	static StarterSettings notWritten(String what, String why) {
		return new NotWritten(what, why);
	}

	/** For a report: the dependency and the properties in two fenced blocks, or the one line. */
	String markdown();

	/** For a report's JSON: {@code dependency} and {@code properties}, or {@code not_written}. */
	Map<String, Object> json();

	/** A file as the starter's resource properties take it. */
	private static String location(Path file) {
		return "file:" + file.toAbsolutePath().normalize();
	}

	/** @param properties the lines of a service's {@code application.properties} */
	record Written(ServiceFormat write, List<String> properties) implements StarterSettings {

		public Written {
			properties = List.copyOf(properties);
		}

		@Override
		public String markdown() {
			return "```xml\n" + COORDINATES.dependency() + "```\n\n```properties\n"
					+ String.join("\n", this.properties) + "\n```\n";
		}

		@Override
		public Map<String, Object> json() {
			Map<String, Object> json = new LinkedHashMap<>();
			json.put("dependency", COORDINATES.toString());
			json.put("properties", this.properties);
			return json;
		}

	}

	record NotWritten(String what, String why) implements StarterSettings {

		/** One line: the starter does not write it, why, and what it writes. */
		@Override
		public String markdown() {
			return "The value-format starter does not write " + this.what + ": " + this.why + "; it writes "
					+ String.join(", ", ServiceFormat.serializers()) + ", each alone or with "
					+ Named.labels(Compression.class).stream().filter((label) -> !label.equals(Compression.NONE.label()))
						.map((label) -> "+" + label).collect(Collectors.joining(", "))
					+ ", a value a key (docs/starter.md).\n";
		}

		@Override
		public Map<String, Object> json() {
			return Map.of("not_written", markdown().strip());
		}

	}

}
