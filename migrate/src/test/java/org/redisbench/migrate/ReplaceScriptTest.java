package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.SetParams;

import static org.assertj.core.api.Assertions.assertThat;

/** The replacement script against a real redis-server: only over the bytes read, of a key or a hash's field, the TTL kept. */
class ReplaceScriptTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static final byte[] KEY = bytes("person_1");

	@Test
	void replacesOnlyTheBytesItReadAndKeepsTheTimeToLive() {
		try (Jedis jedis = redis.server().client()) {
			jedis.flushAll();
			jedis.set(KEY, bytes("old"), SetParams.setParams().px(600_000));
			byte[] sha = ReplaceScript.load(jedis);

			assertThat(run(jedis, sha, "other", "new")).isEqualTo(ReplaceScript.Result.CHANGED);
			assertThat(jedis.get(KEY)).isEqualTo(bytes("old"));
			assertThat(run(jedis, sha, "old", "new")).isEqualTo(ReplaceScript.Result.REPLACED);
			assertThat(jedis.get(KEY)).isEqualTo(bytes("new"));
			assertThat(jedis.pttl(KEY)).isBetween(590_000L, 600_000L);
			// a key that has none keeps none
			jedis.set(KEY, bytes("old"));
			assertThat(run(jedis, sha, "old", "new")).isEqualTo(ReplaceScript.Result.REPLACED);
			assertThat(jedis.pttl(KEY)).isEqualTo(-1);
		}
	}

	@Test
	void aKeyGoneOrOfAnotherTypeIsLeft() {
		try (Jedis jedis = redis.server().client()) {
			jedis.flushAll();
			byte[] sha = ReplaceScript.load(jedis);

			assertThat(run(jedis, sha, "old", "new")).isEqualTo(ReplaceScript.Result.GONE);
			assertThat(jedis.exists(KEY)).isFalse();
			jedis.hset(KEY, bytes("f"), bytes("old"));
			assertThat(run(jedis, sha, "old", "new")).isEqualTo(ReplaceScript.Result.CHANGED);
			assertThat(jedis.type(KEY)).isEqualTo("hash");
		}
	}

	@Test
	void aHashFieldIsReplacedOnlyOverTheBytesItReadTheOthersAndTheTimeToLiveKept() {
		try (Jedis jedis = redis.server().client()) {
			jedis.flushAll();
			jedis.hset(KEY, bytes("a"), bytes("old"));
			jedis.hset(KEY, bytes("b"), bytes("other"));
			jedis.pexpire(KEY, 600_000);
			byte[] sha = ReplaceScript.load(jedis);

			assertThat(field(jedis, sha, "a", "changed", "new")).isEqualTo(ReplaceScript.Result.CHANGED);
			assertThat(field(jedis, sha, "gone", "old", "new")).as("a field deleted meanwhile")
				.isEqualTo(ReplaceScript.Result.CHANGED);
			assertThat(jedis.hexists(KEY, bytes("gone"))).isFalse();
			assertThat(field(jedis, sha, "a", "old", "new")).isEqualTo(ReplaceScript.Result.REPLACED);
			assertThat(jedis.hget(KEY, bytes("a"))).isEqualTo(bytes("new"));
			assertThat(jedis.hget(KEY, bytes("b"))).isEqualTo(bytes("other"));
			assertThat(jedis.pttl(KEY)).isBetween(590_000L, 600_000L);
			jedis.set(KEY, bytes("old"));
			assertThat(field(jedis, sha, "a", "old", "new")).as("a string now").isEqualTo(ReplaceScript.Result.CHANGED);
		}
	}

	private static ReplaceScript.Result field(Jedis jedis, byte[] sha, String field, String read, String converted) {
		Pipeline pipeline = jedis.pipelined();
		Response<Object> answer = pipeline.evalsha(sha, 1,
				ReplaceScript.arguments(new Page.Entry(KEY, bytes(field), bytes(read), null), bytes(converted)));
		pipeline.sync();
		return ReplaceScript.result(answer);
	}

	private static ReplaceScript.Result run(Jedis jedis, byte[] sha, String read, String converted) {
		Pipeline pipeline = jedis.pipelined();
		Response<Object> answer = pipeline.evalsha(sha, 1, KEY, bytes(read), bytes(converted));
		pipeline.sync();
		return ReplaceScript.result(answer);
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
