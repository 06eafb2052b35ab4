package org.redisbench.valueformat.starter;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.testsupport.RedisServerExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/** Each bad setting stops the service at start, with one line naming the property, and nothing of a stack. */
@ExtendWith(OutputCaptureExtension.class)
class BadSettingsTest {

	private static final String ALLOW = "value-format.allow=org.redisbench.**";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	static Stream<Arguments> settings() {
		return Stream.of(
				Arguments.of(List.of("value-format.write=kryo+brotli"),
						"value-format.write: unknown compression 'brotli', one of: none, gzip, lz4, zstd, zstd-dict"),
				Arguments.of(List.of("value-format.write=yaml"),
						"value-format.write: no object format 'yaml'; the formats written are [jdk, kryo, kryo-registered,"
								+ " fory, fory-registered]"),
				Arguments.of(List.of("value-format.write=fory", "value-format.read-also=smile"),
						"value-format.read-also: smile is not offered: its bytes name no class"),
				Arguments.of(List.of("value-format.write=fory+zstd-dict", "value-format.dictionary=classpath:no/such.dict",
						ALLOW),
						"value-format.dictionary: classpath:no/such.dict cannot be read: class path resource "
								+ "[no/such.dict] cannot be opened because it does not exist"),
				Arguments.of(List.of("value-format.write=fory+zstd-dict", ALLOW),
						"value-format.dictionary: not set, and zstd-dict needs the zstd dictionary its values were"
								+ " compressed with, e.g. value-format.dictionary=classpath:values.dict"),
				Arguments.of(List.of("value-format.write=kryo+zstd", "value-format.read-also=fory+zstd", ALLOW),
						"value-format.read-also: fory+zstd starts as kryo+zstd (value-format.write) does, tagged zstd:"
								+ " a value's bytes cannot say which of the two to read it as"),
				Arguments.of(List.of("value-format.write=fory", "value-format.read-also=jdk"),
						"value-format.allow: not set, and reading fory builds whatever class a stored value names: list the"
								+ " packages of the service's values, e.g. value-format.allow=com.acme.**"),
				Arguments.of(List.of("value-format.write=kryo+lz4"),
						"value-format.allow: not set, and reading kryo+lz4 builds whatever class a stored value names"),
				Arguments.of(List.of("value-format.write=kryo", "value-format.allow=com.acme.**;!*"),
						"value-format.allow: 'com.acme.**;!*' is no class name, package.* or package.**"),
				Arguments.of(List.of("value-format.read-also=jdk", ALLOW),
						"value-format.write: not set, though other value-format properties are"),
				Arguments.of(List.of("value-format.write=kryo-registered", ALLOW),
						"value-format.registrations: not set, and kryo-registered needs the file of registered classes"
								+ " migrate wrote"));
	}

	@ParameterizedTest
	@MethodSource("settings")
	void stopsTheServiceWithOneLineNamingTheProperty(List<String> properties, String line, CapturedOutput output) {
		assertThatException().isThrownBy(() -> ShopApplications.start(redis, properties.toArray(String[]::new)).close());

		String report = output.getAll();
		assertThat(report).contains("APPLICATION FAILED TO START");
		String description = report.substring(report.indexOf("Description:") + "Description:".length()).strip();
		assertThat(description.lines().findFirst().orElseThrow()).startsWith(line);
		assertThat(description).doesNotContain("\tat ").contains("Action:" + System.lineSeparator());
	}

}
