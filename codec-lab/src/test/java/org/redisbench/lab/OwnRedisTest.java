package org.redisbench.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.redisbench.processes.RedisServer;
import redis.clients.jedis.Jedis;

/** The lab FLUSHALLs the Redis it starts: it must never take another's that answers on the port it chose. */
class OwnRedisTest {

	@Test
	void aPortAnotherRedisHoldsIsPassedOverAndThatRedisLeftAlone() throws IOException {
		RedisServer other = new RedisServer();
		other.start();
		try (Jedis otherClient = new Jedis("127.0.0.1", other.port())) {
			otherClient.set("not-the-lab's", "kept");
			AtomicInteger asked = new AtomicInteger();
			try (OwnRedis own = OwnRedis.start(false,
					() -> (asked.getAndIncrement() == 0) ? other.port() : OwnRedis.freePort())) {
				assertThat(asked.get()).isEqualTo(2);
				assertThat(own.port()).isNotEqualTo(other.port());
				try (Jedis jedis = own.connect()) {
					jedis.flushAll();
				}
			}
			assertThat(otherClient.get("not-the-lab's")).isEqualTo("kept");
		}
		finally {
			other.stop();
		}
	}

}
