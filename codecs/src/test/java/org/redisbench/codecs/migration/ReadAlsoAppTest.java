package org.redisbench.codecs.migration;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.model.Layout;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.test.RunningApp;
import redis.clients.jedis.Jedis;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An app with {@code bench.read-also}, as the kryo app runs with it: its main class is the kryo app's, its store
 * common's. Persons a JDK-serializing app stored answer {@code /check}; what {@code /add} stores is Kryo after its tag.
 */
class ReadAlsoAppTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void theKryoAppReadsJdkPersonsAndWritesKryo() {
		RedisSerializer<Person> jdk = PersonCodec.JDK.newSerializer();
		store(1, 100, jdk);
		try (RunningApp app = RunningApp.start(KryoApp.class, redis.server(), properties("jdk"))) {
			assertThat(app.get("/check").status()).isEqualTo(200);
			assertThat(app.get("/add").status()).isEqualTo(200);
			assertThat(ValueFormat.of(stored(1))).isEqualTo(ValueFormat.KRYO_TAGGED);

			store(51, 100, jdk);
			assertThat(app.get("/reset").status()).isEqualTo(200);
			assertThat(app.get("/check").status()).as("50 of each").isEqualTo(200);

			store(201, 201, PersonCodec.FASTJSON2.newSerializer());
			RunningApp.Answer third = app.get("/checksingle/201");
			assertThat(third.status()).isEqualTo(500);
			assertThat(third.body()).contains("value is json; this serializer reads kryo-tagged (the format it writes) and jdk");
		}
	}

	@Test
	void aSettingTheAppCannotReadStopsItNamingTheSetting() {
		assertThatThrownBy(() -> RunningApp.start(KryoApp.class, redis.server(), properties("kryo+zstd-dict")).close())
			.hasRootCauseMessage("cannot read zstd-dict beside the app's own format: its values need the dictionary of the"
					+ " app that wrote them")
			.hasStackTraceContaining("bench.read-also=kryo+zstd-dict");
	}

	private static Map<String, String> properties(String readAlso) {
		return Map.of("spring.config.import", "classpath:bench-defaults.properties", "bench.read-also", readAlso);
	}

	private static void store(long first, long last, RedisSerializer<Person> codec) {
		try (Jedis jedis = redis.server().client()) {
			for (long id = first; id <= last; id++) {
				jedis.set(Layout.STRING_PER_KEY.key(id), codec.serialize(PersonFactory.create(id)));
			}
		}
	}

	private static byte[] stored(long id) {
		try (Jedis jedis = redis.server().client()) {
			return jedis.get(Layout.STRING_PER_KEY.key(id));
		}
	}

	/** The kryo app's main class, as it is. */
	@SpringBootApplication(scanBasePackages = "org.redisbench")
	static class KryoApp {

		@Bean
		PersonCodec personCodec() {
			return PersonCodec.KRYO;
		}

	}

}
