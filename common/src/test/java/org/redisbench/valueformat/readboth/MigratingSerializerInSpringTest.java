package org.redisbench.valueformat.readboth;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;

import org.springframework.cache.Cache;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializationContext.SerializationPair;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;
import org.springframework.session.MapSession;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.session.data.redis.config.annotation.web.http.RedisHttpSessionConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The three places a Spring application sets a value serializer, each moving from JDK serialization (Spring's default
 * in all three) to Spring's typed JSON against a real redis-server: values written before the switch read, every write
 * after it JSON.
 */
class MigratingSerializerInSpringTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	/** Typed JSON that names only this test's classes and the JDK's: what the docs' snippets configure. */
	static final RedisSerializer<Object> JSON = GenericJacksonJsonRedisSerializer.builder()
		.enableDefaultTyping(BasicPolymorphicTypeValidator.builder()
			.allowIfSubType("org.redisbench.valueformat.readboth.")
			.allowIfSubType("java.util.")
			.allowIfSubType("java.lang.")
			.build())
		.build();

	static final RedisSerializer<Object> JDK_TO_JSON = new MigratingSerializer<>(Encoding.of(Signature.json(), JSON),
			Encoding.of(Signature.header(ValueFormat.JDK), new JdkSerializationRedisSerializer()));

	private JedisConnectionFactory connections;

	@BeforeEach
	void connect() {
		this.connections = connectionFactory();
	}

	@AfterEach
	void disconnect() {
		this.connections.destroy();
	}

	@Test
	void redisTemplatesValueSerializer() {
		RedisTemplate<String, Object> before = template(new JdkSerializationRedisSerializer());
		RedisTemplate<String, Object> after = template(JDK_TO_JSON);
		Cart cart = new Cart("c-1", List.of("tea", "milk"));
		before.opsForValue().set("cart:1", cart);

		assertThat(after.opsForValue().get("cart:1")).isEqualTo(cart);
		after.opsForValue().set("cart:2", cart);
		assertThat(ValueFormat.of(raw("cart:1"))).isEqualTo(ValueFormat.JDK);
		assertThat(ValueFormat.of(raw("cart:2"))).isEqualTo(ValueFormat.TYPED_JSON);
		assertThat(after.opsForValue().get("cart:2")).isEqualTo(cart);

		try (Jedis jedis = redis.server().client()) {
			jedis.set("cart:3".getBytes(StandardCharsets.UTF_8), new byte[] { 1, 2, 3 });
		}
		assertThatThrownBy(() -> after.opsForValue().get("cart:3")).isInstanceOf(SerializationException.class)
			.hasMessage("value is unknown; this serializer reads typed-json or json (the format it writes) and jdk");
	}

	@Test
	void redisCacheConfigurationsSerializeValuesWith() {
		Cache before = RedisCacheManager.builder(this.connections)
			.cacheDefaults(RedisCacheConfiguration.defaultCacheConfig())
			.build()
			.getCache("carts");
		Cache after = RedisCacheManager.builder(this.connections)
			.cacheDefaults(RedisCacheConfiguration.defaultCacheConfig()
				.serializeValuesWith(SerializationPair.fromSerializer(JDK_TO_JSON)))
			.build()
			.getCache("carts");
		Cart cart = new Cart("c-1", List.of("tea"));
		before.put("c-1", cart);

		assertThat(after.get("c-1", Cart.class)).isEqualTo(cart);
		after.put("c-2", cart);
		assertThat(ValueFormat.of(raw("carts::c-1"))).isEqualTo(ValueFormat.JDK);
		assertThat(ValueFormat.of(raw("carts::c-2"))).isEqualTo(ValueFormat.TYPED_JSON);
		assertThat(after.get("c-2", Cart.class)).isEqualTo(cart);
	}

	/**
	 * A session saved before the switch reads after it. Spring Session writes back only what changed, so the session's
	 * hash holds both formats until it expires: the reason to read both for a whole session lifetime.
	 */
	@Test
	void springSessionsDefaultRedisSerializer() {
		String id;
		try (AnnotationConfigApplicationContext before = springSession((context) -> {
		})) {
			SessionRepository<Session> sessions = sessions(before);
			Session session = sessions.createSession();
			session.setAttribute("cart", new Cart("c-1", List.of("tea")));
			sessions.save(session);
			id = session.getId();
		}
		String key = "spring:session:sessions:" + id;
		assertThat(ValueFormat.of(rawField(key, "sessionAttr:cart"))).isEqualTo(ValueFormat.JDK);

		try (AnnotationConfigApplicationContext after = springSession((context) -> context
			.registerBean("springSessionDefaultRedisSerializer", RedisSerializer.class, () -> JDK_TO_JSON))) {
			SessionRepository<Session> sessions = sessions(after);
			Session session = sessions.findById(id);
			assertThat(session.<Cart>getAttribute("cart")).isEqualTo(new Cart("c-1", List.of("tea")));
			assertThat(session.getMaxInactiveInterval()).isEqualTo(MapSession.DEFAULT_MAX_INACTIVE_INTERVAL);
			session.setAttribute("cart", new Cart("c-1", List.of("tea", "milk")));
			sessions.save(session);

			assertThat(ValueFormat.of(rawField(key, "sessionAttr:cart"))).isEqualTo(ValueFormat.TYPED_JSON);
			assertThat(ValueFormat.of(rawField(key, "creationTime"))).isEqualTo(ValueFormat.JDK);
			assertThat(sessions.findById(id).<Cart>getAttribute("cart")).isEqualTo(new Cart("c-1", List.of("tea", "milk")));
		}
	}

	/** The repository Spring Session set up, as an application sees it. */
	@SuppressWarnings("unchecked")
	private static SessionRepository<Session> sessions(AnnotationConfigApplicationContext context) {
		return context.getBean(SessionRepository.class);
	}

	private RedisTemplate<String, Object> template(RedisSerializer<Object> values) {
		RedisTemplate<String, Object> template = new RedisTemplate<>();
		template.setConnectionFactory(this.connections);
		template.setKeySerializer(RedisSerializer.string());
		template.setValueSerializer(values);
		template.afterPropertiesSet();
		return template;
	}

	private static byte[] raw(String key) {
		try (Jedis jedis = redis.server().client()) {
			return jedis.get(key.getBytes(StandardCharsets.UTF_8));
		}
	}

	private static byte[] rawField(String key, String field) {
		try (Jedis jedis = redis.server().client()) {
			return jedis.hget(key.getBytes(StandardCharsets.UTF_8), field.getBytes(StandardCharsets.UTF_8));
		}
	}

	static JedisConnectionFactory connectionFactory() {
		JedisConnectionFactory factory = new JedisConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1",
				redis.port()));
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	/** Serializable for JDK serialization; a record for Jackson. */
	record Cart(String id, List<String> items) implements Serializable {
	}

	/**
	 * What {@code @EnableRedisHttpSession} imports, with a connection factory and the given beans. Registered here
	 * rather than by {@code @Configuration} classes, which this test-jar would hand to every app that scans
	 * {@code org.redisbench}.
	 */
	private static AnnotationConfigApplicationContext springSession(Consumer<AnnotationConfigApplicationContext> beans) {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.registerBean("redisConnectionFactory", JedisConnectionFactory.class,
				MigratingSerializerInSpringTest::connectionFactory);
		beans.accept(context);
		context.register(RedisHttpSessionConfiguration.class);
		context.refresh();
		return context;
	}

}
