package org.redisbench.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisbench.footprint.OwnRedis;
import redis.clients.jedis.Jedis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against a redis-server of the lab's own (OwnRedis), as the lab measures. */
class PersonLoadTest {

	private static OwnRedis redis;

	private static Jedis jedis;

	@BeforeAll
	static void startRedis() throws IOException {
		redis = OwnRedis.start();
		jedis = redis.connect();
	}

	@AfterAll
	static void stopRedis() throws IOException {
		jedis.close();
		redis.close();
	}

	@Test
	void aKeyCostsItsValueAndKeyAndBookkeepingAndStaysTheSameOnARepeat() {
		LabCodec json = CodecSetup.of("fastjson2", "none").start();
		double first = PersonLoad.bytesPerKey(jedis, json, 5000);
		double again = PersonLoad.bytesPerKey(jedis, json, 5000);
		// a ~150-byte value and a ~12-byte key in Redis's 40-odd bytes of entry and allocator slack
		assertTrue(first > 170 && first < 320, "bytes per key " + first);
		assertEquals(first, again, 8.0, "the FLUSHALL before each measurement must leave nothing behind");
		assertEquals(5000, jedis.dbSize());
	}

	@Test
	void smallerValuesCostLess() {
		double json = PersonLoad.bytesPerKey(jedis, CodecSetup.of("fastjson2", "none").start(), 3000);
		double kryo = PersonLoad.bytesPerKey(jedis, CodecSetup.of("kryo", "none").start(), 3000);
		assertTrue(kryo < json - 40, "kryo " + kryo + " vs fastjson2 " + json);
	}

	@Test
	void aStoppedRedisLeavesNoFolderAndNoProcess() throws IOException {
		OwnRedis other = OwnRedis.start();
		int port = other.port();
		Path directory;
		try (Jedis client = other.connect()) {
			directory = Path.of(client.configGet("dir").get("dir"));
			assertTrue(Files.isDirectory(directory));
		}
		other.close();
		assertTrue(Files.notExists(directory), directory + " left behind");
		try (Jedis client = new Jedis("127.0.0.1", port)) {
			assertThrows(redis.clients.jedis.exceptions.JedisConnectionException.class, client::ping);
		}
	}

}
