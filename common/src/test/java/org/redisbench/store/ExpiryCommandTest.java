package org.redisbench.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.model.Layout;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/** A write with a time to live sets it, one round trip at a time as well as in a pipeline. */
class ExpiryCommandTest {

	private static final long TTL = 300_000;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void aPersonKeyIsSetWithItsTimeToLiveInTheSameCommand() {
		try (Jedis jedis = redis.server().client()) {
			Command alone = LayoutCommands.write(Layout.STRING_PER_KEY, 1, new byte[] { 1 }, TTL);
			assertThat(alone.sendOn(jedis)).isEqualTo(Reply.OK);
			assertThat(pipelined(jedis, LayoutCommands.write(Layout.STRING_PER_KEY, 2, new byte[] { 2 }, TTL))).isEqualTo(Reply.OK);

			assertThat(jedis.pttl(Layout.STRING_PER_KEY.key(1))).isBetween(TTL - 10_000, TTL);
			assertThat(jedis.pttl(Layout.STRING_PER_KEY.key(2))).isBetween(TTL - 10_000, TTL);
			assertThat(jedis.get(Layout.STRING_PER_KEY.key(2))).containsExactly(2);
			assertThat(pipelined(jedis, LayoutCommands.write(Layout.STRING_PER_KEY, 2, new byte[] { 2 }, 0))).isEqualTo(Reply.OK);
			assertThat(jedis.pttl(Layout.STRING_PER_KEY.key(2))).isEqualTo(-1);
		}
	}

	@Test
	void aBucketGetsItsTimeToLiveFromTheExpiryAfterItsWrites() {
		try (Jedis jedis = redis.server().client()) {
			assertThat(LayoutCommands.write(Layout.HASH_BUCKET, 1, new byte[] { 1 }, TTL).sendOn(jedis)).isEqualTo(Reply.OK);
			assertThat(jedis.pttl(Layout.HASH_BUCKET.key(1))).as("no field expires").isEqualTo(-1);
			assertThat(LayoutCommands.expiry(Layout.HASH_BUCKET, 1, TTL).sendOn(jedis)).isEqualTo(Reply.OK);
			assertThat(pipelined(jedis, LayoutCommands.write(Layout.HASH_BUCKET, 100, new byte[] { 1 }, TTL))).isEqualTo(Reply.OK);
			assertThat(pipelined(jedis, LayoutCommands.expiry(Layout.HASH_BUCKET, 100, TTL))).isEqualTo(Reply.OK);

			assertThat(jedis.pttl(Layout.HASH_BUCKET.key(1))).isBetween(TTL - 10_000, TTL);
			assertThat(jedis.pttl(Layout.HASH_BUCKET.key(100))).isBetween(TTL - 10_000, TTL);
		}
	}

	private static Reply pipelined(Jedis jedis, Command command) {
		jedis.getConnection().sendCommand(command.arguments());
		return command.replyOf(jedis.getConnection().getOne());
	}

}
