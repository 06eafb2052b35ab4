package org.redisbench.corpus.shop;

import java.time.Duration;

import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import tools.jackson.databind.jsontype.PolymorphicTypeValidator;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializationContext.SerializationPair;

/**
 * The cache as a service moved off JDK serialization configures it: Spring Data Redis's generic Jackson 3
 * serializer, which writes each object's class in {@code @class} (and a collection's or a {@code BigDecimal}'s as
 * a {@code ["java.util.ArrayList", [...]]} pair), with a type validator that reads back only the shop's classes
 * and the JDK's values. Boot's cache manager takes this {@link RedisCacheConfiguration} in place of its own
 * default; the keys get a {@code json:} prefix, so that both kinds of entry can sit in one Redis.
 */
@Configuration(proxyBeanMethods = false)
@Profile(JsonCacheConfiguration.PROFILE)
public class JsonCacheConfiguration {

	public static final String PROFILE = "json-cache";

	@Bean
	RedisCacheConfiguration cacheConfiguration(@Value("${spring.cache.redis.time-to-live}") Duration timeToLive) {
		PolymorphicTypeValidator readable = BasicPolymorphicTypeValidator.builder()
			.allowIfSubType(Order.class.getPackageName() + ".")
			.allowIfSubType("java.util.")
			.allowIfSubType("java.math.")
			.allowIfSubType("java.time.")
			.build();
		GenericJacksonJsonRedisSerializer json = GenericJacksonJsonRedisSerializer.builder()
			.enableDefaultTyping(readable)
			.enableSpringCacheNullValueSupport()
			.build();
		return RedisCacheConfiguration.defaultCacheConfig()
			.entryTtl(timeToLive)
			.prefixCacheNameWith("json:")
			.serializeValuesWith(SerializationPair.fromSerializer(json));
	}

}
