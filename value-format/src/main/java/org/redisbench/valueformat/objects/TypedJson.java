package org.redisbench.valueformat.objects;

import java.util.function.Supplier;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.Signature;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Spring Data Redis's typed JSON ({@code GenericJacksonJsonRedisSerializer} with default typing: an object's class in
 * its {@code @class} property), reading only the classes of an {@link AllowList}: what a service that writes JSON to
 * Redis writes. Not an {@link ObjectFormat}: the migrator does not write it, since the service's own mapper settings
 * decide its bytes (docs/migrate.md), while a service writes it with the mapper Spring Data Redis builds.
 */
public final class TypedJson {

	/** The name a service sets it by: {@code typed-json}, or {@code typed-json+zstd}. */
	public static final String ID = "typed-json";

	private TypedJson() {
	}

	/** The serializer alone, without compression. */
	public static RedisSerializer<Object> serializer(AllowList allowed) {
		return GenericJacksonJsonRedisSerializer.builder()
			.enableDefaultTyping(new AllowListTypeValidator(allowed))
			.build();
	}

	/**
	 * Typed JSON as stored: JSON text, typed or not (a string or a number is plain JSON even here), or the compression
	 * tag and the compressed text.
	 */
	public static Encoding<Object> encoding(Compression compression, Frame frame, AllowList allowed,
			Supplier<byte[]> dictionary) {
		RedisSerializer<Object> json = serializer(allowed);
		return Encoding.compressed(json, Encoding.of(Signature.json(), json), compression, frame, dictionary,
				ObjectFormats.MAX_VALUE_BYTES);
	}

}
