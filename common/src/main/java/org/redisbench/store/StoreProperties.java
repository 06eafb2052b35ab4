package org.redisbench.store;

import java.time.Duration;
import java.util.OptionalLong;

import org.redisbench.model.Batch;
import org.redisbench.valueformat.Compression;
import org.redisbench.model.Layout;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How the apps use Redis beyond what {@code spring.data.redis.*} configures.
 *
 * @param batchSize persons written by one {@code /add} and verified by one {@code /check}
 * @param mode {@code per-key}: one round trip per person, as published; {@code pipeline}: one per request, or
 * on a Redis Cluster one per node holding any of the request's keys
 * @param compression {@code none}, {@code gzip}, {@code lz4}, {@code zstd} or {@code zstd-dict}
 * @param zstdDictionary where {@code zstd-dict} finds the dictionary trained on this app's persons
 * @param requestTimeout a request that has not finished its Redis work by then is answered 503, however
 * slowly Redis trickles its replies
 * @param validateOnBorrow PING a pooled connection before each use: a second round trip per request (per
 * command on a Redis Cluster), so off by default. Without it, idle connections are validated in the background
 * ({@code spring.data.redis.jedis.pool.time-between-eviction-runs}), and a request whose connection went stale
 * in a Redis restart is sent once more on a fresh one
 * @param layout {@code string-per-key}: a key per person, as published; {@code hash-bucket}: persons as fields
 * of hashes of {@value Layout#BUCKET_SIZE}, see {@link Layout}
 * @param maxValueBytes the largest value read as a person (one is about 150 bytes); a larger one is refused by
 * its length, without being read whole
 * @param ttl how long a person lives: {@code none}, a duration or a range drawn per person, see {@link TimeToLive};
 * with {@code hash-bucket} the bucket expires as a whole, each write starting its clock again
 * @param redisBuffer Jedis's read and write buffer a connection, see {@link JedisBuffers}
 * @param idRange {@code none}: the ids of {@code /add} and {@code /check} run on from 1 without end, as published; a
 * number N, a multiple of the batch size: they wrap over 1..N, so that the keyspace stops growing at N persons
 * (bench.sh --step-keys N)
 */
@ConfigurationProperties("bench")
public record StoreProperties(@DefaultValue("" + Batch.SIZE) int batchSize, @DefaultValue("per-key") RoundTrips mode,
		@DefaultValue("none") Compression compression,
		@DefaultValue("classpath:person.zdict") String zstdDictionary, @DefaultValue("5s") Duration requestTimeout,
		@DefaultValue("false") boolean validateOnBorrow, @DefaultValue("65536") int maxValueBytes,
		@DefaultValue("string-per-key") Layout layout, @DefaultValue("none") TimeToLive ttl,
		@DefaultValue("32KB") DataSize redisBuffer, @DefaultValue("none") String idRange) {

	public StoreProperties {
		if (batchSize < 1) {
			throw new IllegalArgumentException("bench.batch-size must be at least 1, was " + batchSize);
		}
		// GETRANGE reads one byte more than this, to tell a value over it.
		if (maxValueBytes < 1 || maxValueBytes == Integer.MAX_VALUE) {
			throw new IllegalArgumentException("bench.max-value-bytes must be at least 1 and below 2^31 - 1, was "
					+ maxValueBytes);
		}
		if (redisBuffer.toBytes() < 1024 || redisBuffer.toBytes() > 16 * 1024 * 1024) {
			throw new IllegalArgumentException("bench.redis-buffer must be from 1KB to 16MB, was " + redisBuffer);
		}
		if (!idRange.equals("none")
				&& !(idRange.matches("[1-9][0-9]{0,17}") && Long.parseLong(idRange) % batchSize == 0)) {
			throw new IllegalArgumentException("bench.id-range must be none or a whole multiple of bench.batch-size ("
					+ batchSize + "), was '" + idRange + "'");
		}
	}

	/** The range the ids wrap over, 1..N; none when they run on. */
	public OptionalLong ids() {
		return this.idRange.equals("none") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(this.idRange));
	}

}
