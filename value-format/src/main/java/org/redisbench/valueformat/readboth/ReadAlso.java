package org.redisbench.valueformat.readboth;

import org.redisbench.valueformat.Compression;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The format an app's store reads beside the one it writes, set by {@code bench.read-also} (docs/apps.md): common
 * wires it in, the module that knows the codecs by name provides it.
 *
 * @param <T> the values' type
 */
@FunctionalInterface
public interface ReadAlso<T> {

	/**
	 * @param codec the app's codec, uncompressed
	 * @param compression what {@code written} compresses with
	 * @param written the codec as the store writes it
	 * @return a serializer that writes as {@code written} does and reads both formats
	 */
	RedisSerializer<T> around(RedisSerializer<T> codec, Compression compression, RedisSerializer<T> written);

}
