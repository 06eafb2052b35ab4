package org.redisbench.advise;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.redisbench.footprint.Candidate;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Placement;
import org.redisbench.footprint.TypedForm;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.ServiceFormat;
import org.redisbench.valueformat.objects.StarterSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What advice.md ends with for the candidate it recommends: the starter's dependency and properties, exactly, for a
 * typed codec the starter writes; one line for one it does not write or a layout it does not keep; nothing for the
 * values as they are.
 */
class ServiceSettingsTest {

	private static final Optional<ServiceFormat> JDK = ServiceFormat.storedAs(ValueFormat.JDK, Compression.NONE);

	/** The dependency block, whose exact text value-format's StarterSettingsTest holds. */
	private static final String DEPENDENCY = "```xml\n" + StarterSettings.COORDINATES.dependency() + "```\n\n";

	@Test
	void kryoWithADictionaryFromJdkValues() {
		assertThat(markdown(typed("kryo", Compression.ZSTD_DICT), Placement.KEY, "com.acme.**,com.acme.web.*"))
			.isEqualTo(DEPENDENCY + """
					```properties
					value-format.write=kryo+zstd-dict
					value-format.read-also=jdk
					value-format.allow=com.acme.**,com.acme.web.*
					# value-format.dictionary=file:<the zstd dictionary, trained on the new format's bytes, that migrate's --to-dictionary is given too (docs/starter.md)>
					```
					""");
	}

	@Test
	void plainKryoFromJdkValuesWithoutAllow() {
		assertThat(markdown(typed("kryo", Compression.NONE), Placement.AS_STORED, "")).isEqualTo(DEPENDENCY + """
				```properties
				value-format.write=kryo
				value-format.read-also=jdk
				# value-format.allow=<the packages of your values, e.g. com.acme.**: reading kryo builds whatever class a value names>
				```
				""");
	}

	@Test
	void theAdvisorsTypedJsonIsTheStartersAndTheValuesCompressedAreTheirFormatCompressed() {
		assertThat(properties(typed("jackson-typed", Compression.LZ4))).startsWith("value-format.write=typed-json+lz4",
				"value-format.read-also=jdk");
		assertThat(properties(new Candidate(DocumentEncoding.AS_IS, Compression.GZIP)))
			.startsWith("value-format.write=jdk+gzip");
	}

	@Test
	void whatTheStarterDoesNotWriteIsOneLine() {
		assertThat(markdown(typed("msgpack", Compression.ZSTD), Placement.KEY, "com.acme.**"))
			.startsWith("The value-format starter does not write msgpack+zstd: msgpack is not offered: its bytes name"
					+ " no class")
			.hasLineCount(1);
		assertThat(markdown(new Candidate(DocumentEncoding.SMILE, Compression.NONE), Placement.KEY, ""))
			.startsWith("The value-format starter does not write smile+none: it re-encodes JSON documents");
		assertThat(markdown(typed("kryo", Compression.ZSTD_DICT), Placement.BUCKET, "com.acme.**"))
			.startsWith("The value-format starter does not write kryo+zstd-dict in hash buckets: it keeps the layout"
					+ " of Spring's stores, each value under its own key; it writes jdk, kryo,");
	}

	@Test
	void theValuesAsTheyAreChangeNothing() {
		assertThat(ServiceSettings.of(typed("jdk", Compression.NONE), Placement.KEY, JDK, "com.acme.**")).isEmpty();
		assertThat(ServiceSettings.of(new Candidate(DocumentEncoding.AS_IS, Compression.NONE), Placement.AS_STORED,
				JDK, "")).isEmpty();
	}

	private static Candidate typed(String id, Compression compression) {
		return new Candidate(new TypedForm(id), compression);
	}

	private static List<String> properties(Candidate candidate) {
		return ((StarterSettings.Written) ServiceSettings.of(candidate, Placement.KEY, JDK, "com.acme.**").orElseThrow())
			.properties();
	}

	private static String markdown(Candidate candidate, Placement layout, String allow) {
		return ServiceSettings.of(candidate, layout, JDK, allow).orElseThrow().markdown();
	}

}
