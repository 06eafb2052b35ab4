package org.redisbench.codecs.migration;

import org.redisbench.valueformat.readboth.ReadAlso;
import org.redisbench.person.Person;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code bench.read-also}, when set: the format common's store reads beside the app's own. Here, not in common, since
 * only this module knows the codecs by name; the apps scan {@code org.redisbench}, so each finds it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("bench.read-also")
class ReadAlsoConfiguration {

	@Bean
	ReadAlso<Person> readAlso(@Value("${bench.read-also}") String spec) {
		return PersonReadAlso.parse(spec);
	}

}
