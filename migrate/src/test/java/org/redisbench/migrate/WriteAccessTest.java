package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The write check asks Redis what the user may do, and writes nothing either way. */
class WriteAccessTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void aUserThatMayOnlyReadIsRefusedAndOneThatMayWriteWritesNothing() {
		try (Jedis admin = redis.server().client()) {
			admin.flushAll();
			admin.set("person_1", "value");
			admin.aclSetUser("reader", "on", ">reader-secret", "~*", "+@read", "+acl|whoami", "+script|load");
			admin.aclSetUser("writer", "on", ">writer-secret", "~person_*", "+@all");
			HostAndPort address = new HostAndPort("127.0.0.1", redis.port());
			try (Jedis reader = new Jedis(address)) {
				reader.auth("reader", "reader-secret");
				assertThatThrownBy(() -> WriteAccess.check(new Masters.Master(address, reader, "not read"), "person_*"))
					.isInstanceOf(MigrateException.class)
					.hasMessageContaining("user 'reader' may not write 'person_*'")
					.hasMessageContaining("NOPERM");
			}
			try (Jedis writer = new Jedis(address)) {
				writer.auth("writer", "writer-secret");
				assertThat(WriteAccess.check(new Masters.Master(address, writer, "not read"), "person_*")).hasSize(40);
			}
			assertThat(admin.keys("*")).isEqualTo(Set.of("person_1"));
			assertThat(admin.get("person_1")).isEqualTo("value");
		}
	}

	@Test
	void theProbeKeyIsOneTheMatchCovers() {
		for (String match : List.of("person_*", "cache:*:user", "s?ss*")) {
			String probe = new String(WriteAccess.probeKey(match), StandardCharsets.UTF_8);
			assertThat(probe).contains("migrate-probe-");
			assertThat(probe).matches(match.replace("*", ".*").replace("?", "."));
		}
	}

}
