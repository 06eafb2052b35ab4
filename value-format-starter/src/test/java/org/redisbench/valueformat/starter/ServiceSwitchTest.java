package org.redisbench.valueformat.starter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.starter.shop.Logins;
import org.redisbench.valueformat.starter.shop.Order;
import org.redisbench.valueformat.starter.shop.Orders;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service's switch from Spring's JDK serialization to Kryo + zstd-dict with only the starter's properties: the
 * service first runs without them and leaves JDK values (its cached orders, its logged-in sessions), then restarts
 * with them, reads those values, writes the new format, and counts its reads by format.
 */
class ServiceSwitchTest {

	private static final String ALLOW = "value-format.allow=org.redisbench.valueformat.starter.shop.**,"
			+ "org.springframework.security.**";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@TempDir
	static Path files;

	@Test
	void withNothingSetTheStarterChangesNothing() {
		try (ConfigurableApplicationContext shop = ShopApplications.start(redis)) {
			assertThat(shop.getBeansOfType(ValueFormats.class)).isEmpty();
			assertThat(shop.containsBean("valueFormatCacheCustomizer")).isFalse();
			assertThat(shop.containsBean("springSessionDefaultRedisSerializer")).isFalse();
			assertThat(shop.getBean("redisTemplate", RedisTemplate.class).getValueSerializer().getClass().getSimpleName())
				.isEqualTo("JdkSerializationRedisSerializer");
		}
	}

	@Test
	void jdkValuesReadAfterTheSwitchAndNewValuesAreKryoZstdDict() throws IOException {
		redis.flushAll();
		List<String> sessions = new ArrayList<>();
		try (ConfigurableApplicationContext before = ShopApplications.start(redis)) {
			Orders orders = before.getBean(Orders.class);
			for (long id = 1; id <= 20; id++) {
				orders.order(id);
			}
			sessions.add(before.getBean(Logins.class).login("ada", "secret"));
			sessions.add(before.getBean(Logins.class).login("grace", "secret"));
		}
		try (UnifiedJedis client = redis.client()) {
			assertThat(firstByte(client, "orders::7")).as("Spring's JDK serialization").isEqualTo(0xAC);
		}

		try (ConfigurableApplicationContext after = ShopApplications.start(redis, "value-format.write=kryo+zstd-dict",
				"value-format.read-also=jdk", ALLOW, "value-format.dictionary=file:" + ShopApplications.dictionary(files))) {
			Orders orders = after.getBean(Orders.class);
			for (long id = 1; id <= 20; id++) {
				assertThat(orders.order(id)).isEqualTo(Orders.build(id));
			}
			assertThat(orders.built()).as("every order read from its JDK value, none built again").isZero();
			Logins logins = after.getBean(Logins.class);
			SecurityContext ada = logins.context(sessions.get(0));
			assertThat(ada.getAuthentication().getName()).isEqualTo("ada");
			assertThat(logins.context(sessions.get(1)).getAuthentication().getAuthorities())
				.extracting(GrantedAuthority::getAuthority)
				.contains("ROLE_SHOPPER", "ROLE_ADMIN");
			long jdkReads = ShopApplications.reads(after, "jdk");
			assertThat(jdkReads).isGreaterThanOrEqualTo(20 + 2);
			assertThat(ShopApplications.reads(after, "kryo+zstd-dict")).isZero();

			// written again in the new format: the cache's orders, a session's attribute, a new login
			for (long id = 1; id <= 20; id++) {
				orders.refresh(id);
			}
			String newSession = logins.login("grace", "secret");
			try (UnifiedJedis client = redis.client()) {
				assertThat(firstByte(client, "orders::7")).as("kryo, zstd-dict, standard frame").isEqualTo(0xCC);
				Map<byte[], byte[]> fields = client.hgetAll(("spring:session:sessions:" + newSession).getBytes());
				assertThat(fields.values()).isNotEmpty().allSatisfy((value) -> assertThat(value[0] & 0xFF).isEqualTo(0xCC));
			}
			for (long id = 1; id <= 20; id++) {
				assertThat(orders.order(id)).isEqualTo(Orders.build(id));
			}
			assertThat(logins.context(newSession).getAuthentication().getName()).isEqualTo("grace");
			assertThat(logins.lastOrder(newSession)).isEqualTo(Orders.build(5));
			assertThat(orders.built()).isEqualTo(20);
			assertThat(ShopApplications.reads(after, "jdk")).as("no JDK value read since").isEqualTo(jdkReads);
			assertThat(ShopApplications.reads(after, "kryo+zstd-dict")).isGreaterThanOrEqualTo(20 + 2);

			Info.Builder info = new Info.Builder();
			after.getBean("valueFormatInfoContributor", InfoContributor.class).contribute(info);
			assertThat(info.build().getDetails()).containsEntry("value-format",
					Map.of("write", "kryo+zstd-dict", "read-also", "jdk", "frame", "standard", "allow",
							List.of("org.redisbench.valueformat.starter.shop.**", "org.springframework.security.**")));
		}
	}

	private static int firstByte(UnifiedJedis client, String key) {
		return client.get(key.getBytes())[0] & 0xFF;
	}

}
