package org.redisbench.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.model.Layout;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/** A hash field read holds no more than a person's bound, one at a time as in a pipeline. */
class FieldReadTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static final byte[] KEY = Layout.HASH_BUCKET.key(1);

	@Test
	void aLargeFieldArrivesCutToOneByteOverTheLimit() {
		try (Jedis jedis = redis.server().client()) {
			jedis.hset(KEY, Layout.field(1), new byte[100_000]);
			Command read = LayoutCommands.read(Layout.HASH_BUCKET, 1, 10);

			assertThat(((Reply.Value) read.sendOn(jedis)).bytes()).hasSize(11);
			jedis.getConnection().sendCommand(read.arguments());
			assertThat(((Reply.Value) read.replyOf(jedis.getConnection().getOne())).bytes()).hasSize(11);
		}
	}

	@Test
	void aFieldWithinTheLimitArrivesWholeAndAMissingOneEmpty() {
		try (Jedis jedis = redis.server().client()) {
			jedis.hset(KEY, Layout.field(1), new byte[] { 1, 2, 3 });

			assertThat(((Reply.Value) LayoutCommands.read(Layout.HASH_BUCKET, 1, 3).sendOn(jedis)).bytes()).containsExactly(1, 2, 3);
			assertThat(((Reply.Value) LayoutCommands.read(Layout.HASH_BUCKET, 2, 3).sendOn(jedis)).bytes()).isEmpty();
			assertThat(LayoutCommands.isAbsent(Layout.HASH_BUCKET, ((Reply.Value) LayoutCommands.presence(Layout.HASH_BUCKET, 2).sendOn(jedis)).bytes()))
				.isTrue();
			assertThat(LayoutCommands.isAbsent(Layout.HASH_BUCKET, ((Reply.Value) LayoutCommands.presence(Layout.HASH_BUCKET, 1).sendOn(jedis)).bytes()))
				.isFalse();
		}
	}

}
