package org.redisbench.migrate;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.objectreading.decode.UserClasspath;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.StructuralDiff;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.valueformat.readboth.Signature;
import org.redisbench.valueformat.objects.ObjectFormats;
import org.redisbench.migrate.fixtures.Outsider;
import org.redisbench.migrate.fixtures.Trigger;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.cache.Cache;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializationContext.SerializationPair;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.session.Session;
import org.springframework.session.data.redis.RedisSessionRepository;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's own objects, migrated against a real redis-server (and Spring Session's hashes, field by field): the shop service of module spring-corpus caches its
 * orders with Boot's default JDK serialization (its own jar, run as a process), the migrator gets its compiled
 * classes (a folder) as {@code --classpath} in a dry run, which lists the registrations, and that jar in the run
 * that rewrites them to {@code fory-registered+zstd};
 * afterwards a Spring cache manager with {@code MigratingSerializer(JDK → the same format, from codecs'
 * ObjectFormats and the registration file)} reads every entry back structurally equal to what it read before, each
 * expiry kept. An entry the application rewrites between the migrator's read and its write is left, and a value of a
 * class outside {@code --allow} is refused without being built.
 */
@Tag("end-to-end")
class ObjectMigrationTest {

	private static final int ORDERS = 200;

	private static final String TO = "fory-registered+zstd";

	private static final String ALLOW = "org.redisbench.corpus.**,org.springframework.security.**,"
			+ Trigger.class.getName();

	private static final int SESSIONS = 40;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	/** The application's classes: the shop service's fat jar, as the migrator is given it. */
	private static UserClasspath application;

	@TempDir
	Path folder;

	@BeforeAll
	static void shopClasses() {
		application = UserClasspath.of(corpusJar().toString(), ObjectMigrationTest.class.getClassLoader());
	}

	@AfterAll
	static void close() {
		application.close();
	}

	@Test
	void springCacheEntriesMoveFromJdkToForyAndReadBackEqualThroughTheMigratingSerializer() throws Exception {
		writeCorpus("cache-jdk", ORDERS);
		ClassLoader loader = application.loader();
		RedisSerializer<Object> jdk = new JdkSerializationRedisSerializer(loader);
		try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
			jedis.set("orders::trigger".getBytes(), jdk.serialize(new Trigger("t")), SetParams.setParams().px(3_600_000));
			jedis.set("orders::outsider".getBytes(), new JdkSerializationRedisSerializer().serialize(new Outsider()));
			Map<Long, Object> before = read(jdk);
			assertThat(before).hasSize(ORDERS);
			Map<Long, Long> expiries = new HashMap<>();
			for (long id = 1; id <= ORDERS; id++) {
				expiries.put(id, jedis.pexpireTime(key(id)));
			}

			Path registrations = this.folder.resolve("registrations.txt");
			// the dry run given the application's classes as a folder, the writing run its fat jar: a user gives either
			JsonNode dry = run("orders::*", "dry-run", "no", registrations, shopClassesFolder());
			assertThat(dry.at("/keys/would_convert").asLong()).isEqualTo(ORDERS + 1);
			assertThat(dry.at("/keys/by_reason/not_allowed").asLong()).isEqualTo(1);
			assertThat(dry.at("/keys/examples/not_allowed").asText()).contains(Outsider.class.getName());
			assertThat(dry.at("/projection/saved_bytes").asLong()).isPositive();
			assertThat(Files.readAllLines(registrations)).contains("org.redisbench.corpus.shop.Order",
					"org.redisbench.corpus.shop.OrderLine", Trigger.class.getName());
			assertThat(jedis.get(key(1).getBytes())).as("the dry run wrote nothing").startsWith(0xAC, 0xED);
			List<String> service = new ArrayList<>();
			dry.at("/service/properties").forEach((line) -> service.add(line.asString()));
			assertThat(service).as("the service's starter, reading both").containsExactly("value-format.write=" + TO,
					"value-format.read-also=jdk", "value-format.allow=" + ALLOW,
					"value-format.registrations=file:" + registrations.toAbsolutePath().normalize());

			// the application rewrites order 7 (with order 8's value) after the migrator read it, before its write
			Trigger.onRead = () -> {
				try (Jedis app = new Jedis("127.0.0.1", redis.port())) {
					app.set(key(7).getBytes(), app.get(key(8).getBytes()), SetParams.setParams().keepTtl());
				}
			};
			JsonNode written = run("orders::*", "write", "yes", registrations);
			assertThat(written.at("/to").asText()).matches("fory-registered\\+zstd \\(registrations [0-9a-f]{8}\\)");
			assertThat(Trigger.onRead).as("the migrator read the trigger").isNull();
			assertThat(written.at("/keys/converted").asLong()).isEqualTo(ORDERS);
			assertThat(written.at("/keys/by_reason/changed_by_application").asLong()).isEqualTo(1);
			assertThat(written.at("/keys/by_reason/not_allowed").asLong()).isEqualTo(1);
			assertThat(written.at("/verify/decodes").asLong()).as("all but the outsider").isEqualTo(ORDERS + 1);
			assertThat(written.at("/verify/formats/tagged zstd").asLong()).as("the orders but 7, and the trigger")
				.isEqualTo(ORDERS);
			assertThat(jedis.get(key(1).getBytes())[0]).as("zstd's tag").isEqualTo((byte) 0xC3);
			assertThat(jedis.get(key(7).getBytes())).as("left to the application").startsWith(0xAC, 0xED);
			assertThat(jedis.get("orders::outsider".getBytes())).startsWith(0xAC, 0xED);
			assertThat(Outsider.built).as("a class outside --allow is never built").isFalse();

			RedisSerializer<Object> both = new MigratingSerializer<>(
					ObjectFormats.encoding(TO, loader, registrations, null),
					Encoding.of(Signature.header(ValueFormat.JDK), jdk));
			Map<Long, Object> after = read(both);
			for (long id = 1; id <= ORDERS; id++) {
				Object expected = before.get(id == 7 ? 8L : id);
				assertThat(StructuralDiff.firstDifference(expected, after.get(id), Disclosure.SHOWN)).as("order %d", id).isEmpty();
				assertThat(jedis.pexpireTime(key(id))).as("order %d's expiry", id).isEqualTo(expiries.get(id));
			}
		}
	}

	/**
	 * Spring Session's sessions, a hash each, an attribute a field, JDK-serialized: converted field by field, each by
	 * the compare-and-set script on {@code HGET}/{@code HSET}; Spring Session's own repository, given
	 * {@code MigratingSerializer} as its serializer, reads every session back as it read it before, each expiry kept.
	 */
	@Test
	void springSessionHashesMoveFieldByFieldAndReadBackEqualThroughSpringSession() throws Exception {
		writeCorpus("sessions", SESSIONS);
		ClassLoader loader = application.loader();
		RedisSerializer<Object> jdk = new JdkSerializationRedisSerializer(loader);
		try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
			List<String> keys = List.copyOf(jedis.keys("spring:session:sessions:*"));
			assertThat(keys).hasSize(SESSIONS);
			Map<String, Long> expiries = new HashMap<>();
			long fields = 0;
			for (String key : keys) {
				expiries.put(key, jedis.pexpireTime(key));
				fields += jedis.hlen(key);
			}
			Map<String, Map<String, Object>> before = sessions(jdk, keys);

			Path registrations = this.folder.resolve("session-registrations.txt");
			JsonNode dry = run("spring:session:sessions:*", "dry-run", "no", registrations);
			assertThat(dry.at("/keys/matched").asLong()).as("every field read").isEqualTo(fields);
			assertThat(dry.at("/keys/would_convert_hash_fields").asLong()).isEqualTo(dry.at("/keys/would_convert").asLong());
			JsonNode written = run("spring:session:sessions:*", "write", "yes", registrations);
			long converted = written.at("/keys/converted").asLong();
			assertThat(converted).isPositive();
			assertThat(converted + written.at("/keys/refused").asLong()).as(written.at("/keys").toString())
				.isEqualTo(fields);
			assertThat(written.at("/verify/decodes").asLong()).isEqualTo(fields);
			assertThat(written.at("/verify/formats/tagged zstd").asLong()).isEqualTo(converted);

			RedisSerializer<Object> both = new MigratingSerializer<>(
					ObjectFormats.encoding(TO, loader, registrations, null),
					Encoding.of(Signature.header(ValueFormat.JDK), jdk));
			Map<String, Map<String, Object>> after = sessions(both, keys);
			for (String key : keys) {
				assertThat(after.get(key)).as(key).containsOnlyKeys(before.get(key).keySet());
				before.get(key).forEach((name, value) -> assertThat(StructuralDiff.firstDifference(value,
						after.get(key).get(name), Disclosure.SHOWN)).as(key + " " + name).isEmpty());
				assertThat(jedis.pexpireTime(key)).as(key + "'s expiry").isEqualTo(expiries.get(key));
			}
		}
	}

	/** Each session's attributes and times, as Spring Session's repository reads them with this serializer. */
	private static Map<String, Map<String, Object>> sessions(RedisSerializer<Object> values, List<String> keys) {
		JedisConnectionFactory connections = new JedisConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
		connections.afterPropertiesSet();
		connections.start();
		try {
			RedisTemplate<String, Object> template = new RedisTemplate<>();
			template.setConnectionFactory(connections);
			template.setKeySerializer(RedisSerializer.string());
			template.setHashKeySerializer(RedisSerializer.string());
			template.setValueSerializer(values);
			template.setHashValueSerializer(values);
			template.afterPropertiesSet();
			RedisSessionRepository repository = new RedisSessionRepository(template);
			Map<String, Map<String, Object>> read = new HashMap<>();
			for (String key : keys) {
				Session session = repository.findById(key.substring(key.lastIndexOf(':') + 1));
				assertThat(session).as(key).isNotNull();
				Map<String, Object> attributes = new HashMap<>();
				session.getAttributeNames().forEach((name) -> attributes.put(name, session.getAttribute(name)));
				attributes.put("(created)", session.getCreationTime());
				attributes.put("(accessed)", session.getLastAccessedTime());
				attributes.put("(max inactive)", session.getMaxInactiveInterval());
				read.put(key, attributes);
			}
			return read;
		}
		finally {
			connections.destroy();
		}
	}

	private static String key(long id) {
		return "orders::" + id;
	}

	/** Every order, as a Spring cache manager with this value serializer reads it. */
	private static Map<Long, Object> read(RedisSerializer<Object> values) {
		try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
			context.registerBean(JedisConnectionFactory.class,
					() -> new JedisConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", redis.port())));
			context.registerBean(RedisCacheManager.class,
					() -> RedisCacheManager.builder(context.getBean(JedisConnectionFactory.class))
						.cacheDefaults(RedisCacheConfiguration.defaultCacheConfig()
							.entryTtl(Duration.ofHours(1))
							.serializeValuesWith(SerializationPair.fromSerializer(values)))
						.build());
			context.refresh();
			Cache orders = context.getBean(RedisCacheManager.class).getCache("orders");
			Map<Long, Object> read = new HashMap<>();
			for (long id = 1; id <= ORDERS; id++) {
				Cache.ValueWrapper value = orders.get(id);
				if (value != null) {
					read.put(id, value.get());
				}
			}
			return read;
		}
	}

	/** The shop service writes a corpus, {@code scripts/corpus.sh --kind KIND} as a process. */
	private void writeCorpus(String kind, int count) throws Exception {
		Path log = this.folder.resolve(kind + ".log");
		Process corpus = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx256m", "-jar", corpusJar().toString(), "--kind", kind, "-n", String.valueOf(count), "--port",
				String.valueOf(redis.port()))
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		assertThat(corpus.waitFor(180, TimeUnit.SECONDS)).as("the corpus is written within 3 minutes").isTrue();
		assertThat(corpus.exitValue()).as(Files.readString(log)).isZero();
	}

	private static Path corpusJar() {
		Path jar = Path.of(System.getProperty("spring-corpus.jar", "../spring-corpus/target/spring-corpus.jar"));
		assertThat(jar).as("spring-corpus's jar (built first by -am)").isRegularFile();
		return jar;
	}

	/** spring-corpus's compiled classes, the folder its jar is packed from. */
	private static Path shopClassesFolder() {
		Path classes = Path.of(System.getProperty("spring-corpus.classes", "../spring-corpus/target/classes"));
		assertThat(classes.resolve("org/redisbench/corpus/shop/Order.class")).as("spring-corpus's classes").isRegularFile();
		return classes;
	}

	private JsonNode run(String match, String mode, String verify, Path registrations) throws Exception {
		return run(match, mode, verify, registrations, corpusJar());
	}

	private JsonNode run(String match, String mode, String verify, Path registrations, Path classpath) throws Exception {
		Path out = Files.createTempDirectory(this.folder, mode);
		MigrateCommandTest.run(mode, verify, "--uri", "redis://127.0.0.1:" + redis.port(), "--match", match, "--from", "jdk", "--to",
				TO, "--classpath", classpath.toString(), "--allow", ALLOW, "--registrations", registrations.toString(),
				"--rate", "100000", "--batch", "1000", "--max-p99", "0",
				"--sample", "300", "--checkpoint", this.folder.resolve("checkpoint.json").toString(), "--output",
				out.toString());
		return JSON.readTree(out.resolve(MigrationReport.JSON_FILE).toFile());
	}

}
