package org.redisbench.migrate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.starter.ShopApplications;
import org.redisbench.valueformat.starter.shop.Logins;
import org.redisbench.valueformat.starter.shop.Orders;
import org.redisbench.valueformat.starter.shop.Shop;
import redis.clients.jedis.Jedis;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole switch of docs/starter.md on a user's service (the starter's test shop: Spring Cache of orders, Spring
 * Session with a Spring Security login): it runs first with Spring's JDK serialization, is deployed again with only
 * the starter's properties (writing Kryo + zstd-dict, reading JDK beside it), the migrator rewrites what it left,
 * cache entries and session attributes, and {@code --verify} finds every value in the new format; the running
 * service then reads every order and session without one JDK read: its old format's counter stays at zero.
 */
@Tag("end-to-end")
class ServiceMigrationTest {

	private static final int ORDERS = 60;

	private static final String TO = "kryo+zstd-dict";

	private static final String ALLOW = "org.redisbench.valueformat.starter.shop.**,org.springframework.security.**";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@TempDir
	Path folder;

	@Test
	void afterTheMigratorTheServiceReadsTheNewFormatOnlyAndTheOldFormatsCounterStaysAtZero() throws Exception {
		List<String> sessions = new ArrayList<>();
		try (ConfigurableApplicationContext before = ShopApplications.start(redis)) {
			Orders orders = before.getBean(Orders.class);
			for (long id = 1; id <= ORDERS; id++) {
				orders.order(id);
			}
			sessions.add(before.getBean(Logins.class).login("ada", "secret"));
			sessions.add(before.getBean(Logins.class).login("grace", "secret"));
		}
		Path dictionary = ShopApplications.dictionary(this.folder);
		try (ConfigurableApplicationContext after = ShopApplications.start(redis, "value-format.write=" + TO,
				"value-format.read-also=jdk", "value-format.allow=" + ALLOW,
				"value-format.dictionary=file:" + dictionary)) {
			JsonNode cache = migrate("orders::*", dictionary);
			assertThat(cache.at("/keys/converted").asLong()).as(cache.at("/keys").toString()).isEqualTo(ORDERS);
			assertThat(cache.at("/verify/decodes").asLong()).isEqualTo(ORDERS);
			assertThat(newFormatOnly(cache)).as(cache.at("/verify").toString()).isEqualTo(ORDERS);
			JsonNode logins = migrate("spring:session:sessions:*", dictionary);
			long fields = fields(sessions);
			assertThat(logins.at("/keys/converted").asLong()).as("every attribute, the security context's too: "
					+ logins.at("/keys")).isEqualTo(fields);
			assertThat(logins.at("/verify/decodes").asLong()).isEqualTo(fields);
			assertThat(newFormatOnly(logins)).as(logins.at("/verify").toString()).isEqualTo(fields);

			Orders orders = after.getBean(Orders.class);
			for (long id = 1; id <= ORDERS; id++) {
				assertThat(orders.order(id)).isEqualTo(Orders.build(id));
			}
			assertThat(orders.built()).as("every order read from what the migrator wrote, none built again").isZero();
			Logins shop = after.getBean(Logins.class);
			assertThat(shop.context(sessions.get(0)).getAuthentication().getName()).isEqualTo("ada");
			assertThat(shop.context(sessions.get(1)).getAuthentication().getName()).isEqualTo("grace");
			assertThat(shop.lastOrder(sessions.get(1))).isEqualTo(Orders.build("grace".length()));
			assertThat(ShopApplications.reads(after, "jdk")).as("the old format drained: no JDK value read").isZero();
			assertThat(ShopApplications.reads(after, TO)).isGreaterThanOrEqualTo(ORDERS + 2);
		}
	}

	/** The values {@code --verify} found in the new format, when it found no other; else -1. */
	private static long newFormatOnly(JsonNode report) {
		Map<String, JsonNode> formats = report.at("/verify/formats").properties().stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
		return formats.size() == 1 && formats.containsKey("tagged zstd-dict") ? formats.get("tagged zstd-dict").asLong()
				: -1;
	}

	private static long fields(List<String> sessions) {
		try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
			return sessions.stream().mapToLong((id) -> jedis.hlen("spring:session:sessions:" + id)).sum();
		}
	}

	/** The migrator's run with {@code --write --verify} over the keys, as docs/starter.md's step 3 gives it. */
	private JsonNode migrate(String match, Path dictionary) throws Exception {
		Path out = Files.createTempDirectory(this.folder, "migrate");
		MigrateCommandTest.run("write", "yes", "--uri", "redis://127.0.0.1:" + redis.port(), "--match", match,
				"--from", "jdk", "--to", TO, "--to-dictionary", dictionary.toString(), "--allow", ALLOW,
				"--classpath", Path.of(Shop.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
				"--rate", "100000", "--max-p99", "0", "--checkpoint", out.resolve("checkpoint.json").toString(),
				"--output", out.toString());
		return JSON.readTree(out.resolve(MigrationReport.JSON_FILE).toFile());
	}

}
