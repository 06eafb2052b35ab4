package org.redisbench.codecs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.function.Supplier;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.redisbench.codecs.migration.PersonFormats;
import org.redisbench.codecs.migration.PersonReadAlso;
import org.redisbench.person.Person;
import org.redisbench.store.StoreProperties;
import org.redisbench.valueformat.starter.ValueFormatMetrics;
import org.redisbench.valueformat.starter.ValueFormatSerializer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * The app's persons as its store writes and reads them: the codec its main class names, in {@code bench.compression}
 * with {@code bench.zstd-dictionary}, and with {@code bench.read-also} the format read beside it, through the
 * value-format starter's serializer, the one a service on the starter runs. Here, not in common, since only this
 * module knows the codecs by name; the apps scan {@code org.redisbench}, so each finds it.
 */
@Configuration(proxyBeanMethods = false)
class PersonValuesConfiguration {

	private static final String READ_ALSO = "bench.read-also";

	@Bean
	ValueFormatSerializer<Person> personValues(PersonCodec codec, StoreProperties store, ResourceLoader resources,
			Environment environment) {
		Supplier<byte[]> dictionary = () -> read(resources.getResource(store.zstdDictionary()));
		return Optional.ofNullable(environment.getProperty(READ_ALSO))
			.map(PersonReadAlso::parse)
			.map((readAlso) -> readAlso.around(codec, store.compression(), dictionary))
			.orElseGet(() -> ValueFormatSerializer.alone(PersonFormats.stored(codec, store.compression(), dictionary)));
	}

	/** {@code value_format.reads{format=...}}: with {@code bench.read-also}, the old format draining. */
	@Bean
	MeterBinder personValueFormatMetrics(ValueFormatSerializer<Person> personValues) {
		return new ValueFormatMetrics(personValues);
	}

	private static byte[] read(Resource resource) {
		try {
			return resource.getContentAsByteArray();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("bench.zstd-dictionary " + resource + " cannot be read", ex);
		}
	}

}
