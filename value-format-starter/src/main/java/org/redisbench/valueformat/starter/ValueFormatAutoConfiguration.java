package org.redisbench.valueformat.starter;

import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.cache.autoconfigure.RedisCacheManagerBuilderCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ResourceLoader;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.serializer.RedisSerializationContext.SerializationPair;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The serializer of {@code value-format.*} given to the three places a Spring service's Redis values go through:
 * {@code RedisTemplate}, the Redis cache manager's configuration and Spring Session. Each bean backs off when the
 * service defines its own of that name; with no {@code value-format.*} property set, none is made at all.
 */
@AutoConfiguration(before = DataRedisAutoConfiguration.class,
		beforeName = { "org.springframework.boot.cache.autoconfigure.CacheAutoConfiguration",
				"org.springframework.boot.session.data.redis.autoconfigure.SessionDataRedisAutoConfiguration" })
@ConditionalOnClass(RedisSerializer.class)
@Conditional(OnValueFormatSet.class)
@EnableConfigurationProperties(ValueFormatProperties.class)
// Imported, not annotated as configurations: a service scanning a package above this one (this project's apps scan
// org.redisbench) would otherwise register them on their own, without this class's condition or exclusion.
@Import({ ValueFormatAutoConfiguration.Cache.class, ValueFormatAutoConfiguration.Session.class,
		ValueFormatAutoConfiguration.Metrics.class, ValueFormatAutoConfiguration.Info.class })
public class ValueFormatAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ValueFormats valueFormats(ValueFormatProperties properties, ResourceLoader resources) {
		return ValueFormats.from(properties, resources);
	}

	/** In place of Boot's {@code RedisTemplate<Object, Object>}: keys as strings, values in the formats. */
	@Bean
	@ConditionalOnMissingBean(name = "redisTemplate")
	@ConditionalOnSingleCandidate(RedisConnectionFactory.class)
	RedisTemplate<String, Object> redisTemplate(RedisConnectionFactory connections, ValueFormats formats) {
		RedisTemplate<String, Object> template = new RedisTemplate<>();
		template.setConnectionFactory(connections);
		template.setKeySerializer(RedisSerializer.string());
		template.setHashKeySerializer(RedisSerializer.string());
		template.setValueSerializer(formats.serializer());
		template.setHashValueSerializer(formats.serializer());
		return template;
	}

	@ConditionalOnClass(RedisCacheManagerBuilderCustomizer.class)
	static class Cache {

		/**
		 * The cache defaults' values, and those of every cache configured before it (Boot's {@code spring.cache.redis.*}
		 * included); first among customizers, so that one of the service's own may still set another serializer.
		 */
		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE)
		@ConditionalOnMissingBean(name = "valueFormatCacheCustomizer")
		RedisCacheManagerBuilderCustomizer valueFormatCacheCustomizer(ValueFormats formats) {
			SerializationPair<Object> values = SerializationPair.fromSerializer(formats.serializer());
			return (builder) -> {
				builder.cacheDefaults(builder.cacheDefaults().serializeValuesWith(values));
				for (String name : builder.getConfiguredCaches()) {
					RedisCacheConfiguration configuration = builder.getCacheConfigurationFor(name).orElseThrow();
					builder.withCacheConfiguration(name, configuration.serializeValuesWith(values));
				}
			};
		}

	}

	@ConditionalOnClass(name = "org.springframework.session.data.redis.RedisSessionRepository")
	static class Session {

		/** The name Spring Session's Redis configuration looks its serializer up by. */
		@Bean
		@ConditionalOnMissingBean(name = "springSessionDefaultRedisSerializer")
		RedisSerializer<Object> springSessionDefaultRedisSerializer(ValueFormats formats) {
			return formats.serializer();
		}

	}

	@ConditionalOnClass(MeterBinder.class)
	static class Metrics {

		/** {@code value_format.reads}, one counter a format. */
		@Bean
		@ConditionalOnMissingBean(name = "valueFormatMetrics")
		MeterBinder valueFormatMetrics(ValueFormats formats) {
			return new ValueFormatMetrics(formats.serializer());
		}

	}

	@ConditionalOnClass(InfoContributor.class)
	static class Info {

		@Bean
		@ConditionalOnMissingBean(name = "valueFormatInfoContributor")
		InfoContributor valueFormatInfoContributor(ValueFormats formats) {
			return (builder) -> builder.withDetail(ValueFormatProperties.PREFIX, formats.info());
		}

	}

}
