package org.redisbench.corpus;

import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.commandline.CommandLines;
import org.redisbench.corpus.sessions.SeededSessionIds;
import org.redisbench.corpus.shop.Cart;
import org.redisbench.corpus.shop.Order;
import org.redisbench.corpus.shop.Shop;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextImpl;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service run as its command against a redis-server of the test's own: each corpus lands where and as Spring
 * puts it, reads back through Spring's own serializers as the values the shop made, and is the same on every run.
 */
class SpringCorpusTest {

	private static final int COUNT = 40;

	private static final long SEED = 7;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	/** A Redis as a production one is guarded: an ACL user, the {@code default} user refused. */
	@RegisterExtension
	static final RedisServerExtension guarded = new RedisServerExtension(RedisServer.withAclUser("shop"));

	private final Shop shop = new Shop(SEED);

	private final JdkSerializationRedisSerializer jdk = new JdkSerializationRedisSerializer();

	@Test
	void sessionsAreSpringSessionHashesOfALoggedInShopper() {
		assertThat(write("sessions")).isZero();
		try (UnifiedJedis client = redis.client()) {
			assertThat(client.keys("spring:session:sessions:*")).hasSize(COUNT);
			// The first session made is shopper 1's: the ids come from the seed in the order sessions are created.
			String key = "spring:session:sessions:" + new SeededSessionIds(SEED).generate();
			assertThat(client.ttl(key)).isBetween(1700L, 1800L);
			Map<byte[], byte[]> fields = client.hgetAll(key.getBytes());
			Map<String, Object> session = new java.util.HashMap<>();
			fields.forEach((field, value) -> session.put(new String(field), this.jdk.deserialize(value)));
			assertThat(session).containsKeys("creationTime", "lastAccessedTime", "maxInactiveInterval",
					"sessionAttr:org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository.CSRF_TOKEN");
			assertThat(session.get("maxInactiveInterval")).isEqualTo(1800);
			SecurityContextImpl context = (SecurityContextImpl) session.get("sessionAttr:SPRING_SECURITY_CONTEXT");
			User user = (User) context.getAuthentication().getPrincipal();
			assertThat(user.getUsername()).isEqualTo(this.shop.username(1));
			assertThat(user.getPassword()).as("erased after login").isNull();
			assertThat(context.getAuthentication().getAuthorities()).extracting(GrantedAuthority::getAuthority)
				.containsAll(this.shop.roles(1));
			assertThat(((WebAuthenticationDetails) context.getAuthentication().getDetails()).getRemoteAddress())
				.isEqualTo(this.shop.remoteAddress(1));
			assertThat((Cart) session.get("sessionAttr:cart")).isEqualTo(this.shop.cart(1));
			assertThat((Locale) session.get("sessionAttr:locale")).isEqualTo(this.shop.locale(1));
			assertThat(session.get("sessionAttr:zone")).isEqualTo(this.shop.zone(1));
			assertThat(session.get("sessionAttr:previousLogin")).isEqualTo(this.shop.previousLogin(1));
		}
	}

	@Test
	void cachedOrdersAreJdkSerializedByDefault() {
		assertThat(write("cache-jdk")).isZero();
		try (UnifiedJedis client = redis.client()) {
			assertThat(client.keys("orders::*")).hasSize(COUNT);
			assertThat(client.ttl("orders::7")).isBetween(3500L, 3600L);
			assertThat(this.jdk.deserialize(client.get("orders::7".getBytes()))).isEqualTo(this.shop.order(7));
		}
	}

	@Test
	void cachedOrdersAsTypedJsonReadBackAsTheSameOrders() {
		assertThat(write("cache-json")).isZero();
		try (UnifiedJedis client = redis.client()) {
			assertThat(client.keys("json:orders::*")).hasSize(COUNT);
			String json = client.get("json:orders::7");
			assertThat(json).startsWith("{\"@class\":\"" + Order.class.getName() + "\"")
				.contains("[\"java.util.ArrayList\",[{\"@class\":");
			Object read = GenericJacksonJsonRedisSerializer.builder().enableUnsafeDefaultTyping().build()
				.deserialize(json.getBytes());
			assertThat(read).isEqualTo(this.shop.order(7));
		}
	}

	@Test
	void theSameSeedMakesTheSameShopAndAnotherADifferentOne() {
		assertThat(new Shop(SEED).order(12)).isEqualTo(this.shop.order(12));
		assertThat(new Shop(SEED).cart(12)).isEqualTo(this.shop.cart(12));
		assertThat(new Shop(SEED + 1).order(12)).isNotEqualTo(this.shop.order(12));
		assertThat(this.shop.order(13)).isNotEqualTo(this.shop.order(12));
		assertThat(Shop.uuid(new SplittableRandom(SEED))).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
	}

	@Test
	void anAclUserWritesWithThePasswordFromTheEnvironment() {
		Map<String, String> environment = Map.of(CorpusCommand.PASSWORD_VARIABLE, guarded.server().password());
		assertThat(CommandLines.execute(new CorpusCommand(environment), "--kind", "cache-jdk", "-n", "3", "--port",
				String.valueOf(guarded.port()), "--user", guarded.server().user())).isZero();
		try (UnifiedJedis client = guarded.client()) {
			assertThat(client.keys("orders::*")).containsExactlyInAnyOrder("orders::1", "orders::2", "orders::3");
		}
		assertThat(CommandLines.execute(new CorpusCommand(Map.of()), "--kind", "cache-jdk", "-n", "3", "--port",
				String.valueOf(guarded.port()), "--user", guarded.server().user()))
			.as("without REDIS_PASSWORD").isEqualTo(1);
	}

	@Test
	void aRedisThatDoesNotAnswerIsOneLineAndStatusOne() {
		redis.stop();
		assertThat(write("cache-jdk")).isEqualTo(1);
	}

	private int write(String kind) {
		return SpringCorpus.run("--kind", kind, "-n", String.valueOf(COUNT), "--port", String.valueOf(redis.port()),
				"--seed", String.valueOf(SEED));
	}

}
