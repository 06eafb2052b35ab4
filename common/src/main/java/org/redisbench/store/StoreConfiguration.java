package org.redisbench.store;

import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.redisbench.person.Person;
import redis.clients.jedis.builders.ClusterClientBuilder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.data.redis.autoconfigure.JedisClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Wires the store around the app's persons as stored (its codec, compression and {@code bench.read-also}: codecs'
 * {@code PersonValuesConfiguration}). Its defaults (pool sized for {@code ab -c 200}, bounded
 * timeouts) live in {@code bench-defaults.properties}, which each app imports, so every one stays
 * overridable through the standard {@code spring.data.redis.*} and {@code server.*} properties.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StoreProperties.class)
public class StoreConfiguration {

	@Bean
	@ConditionalOnProperty(name = "bench.store", havingValue = "redis", matchIfMissing = true)
	PersonStore personStore(JedisConnectionFactory connectionFactory, DataRedisProperties redis,
			RedisSerializer<Person> personValues, StoreProperties properties, MeterRegistry meters) {
		StaleConnectionRetry retry = new StaleConnectionRetry(redis.getJedis().getPool().getMaxActive(), meters);
		RedisAccess access = new RedisAccess(connectionFactory, properties.mode(), properties.requestTimeout(), retry,
				meters);
		return new PersonStore(access, personValues, properties.layout(), properties.maxValueBytes(), properties.ttl(),
				meters);
	}

	/**
	 * With Jedis 7 on the classpath, Spring Data Redis 4 hands out connections backed by a pooled
	 * {@code UnifiedJedis} that borrows a socket per command, so a request's 100 commands would take 100
	 * pool round trips, could spread over several sockets, and could not be pipelined as one batch.
	 * Backing each connection with one pooled {@code Jedis} binds the request to one socket.
	 * <p>
	 * A cluster client borrows a socket per command from the pool of the key's node whatever it is backed
	 * by, so there the unified client stays: {@link RoundTrips#PIPELINE} borrows from its node pools too.
	 * <p>
	 * Validating a connection on borrow costs a PING round trip per request (per command on a cluster), and
	 * under {@code CLIENT PAUSE} a read timeout per idle connection before the request even starts. So idle
	 * connections are validated in the background instead, all of them every eviction run (every node's pool
	 * on a cluster uses this config too), and {@link StaleConnectionRetry} resends a request whose connection
	 * went stale between two runs.
	 */
	@Bean
	static BeanPostProcessor oneSocketPerConnection(ObjectProvider<StoreProperties> properties) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof JedisConnectionFactory factory) {
					JedisBuffers.apply(properties.getObject().redisBuffer());
					factory.setUseUnifiedJedis(factory.isRedisClusterAware());
					GenericObjectPoolConfig<?> pool = factory.getPoolConfig();
					if (pool != null) {
						pool.setTestOnBorrow(properties.getObject().validateOnBorrow());
						// Jedis's defaults too, but the restart story depends on them, so they are not left implicit.
						pool.setTestWhileIdle(true);
						pool.setNumTestsPerEvictionRun(-1);
					}
				}
				return bean;
			}
		};
	}

	/**
	 * A cluster client retries a command whose node it cannot reach, backing off, for up to max-redirects
	 * times the command timeout (10 s by default). Bounding the retries by one command timeout keeps a
	 * request against a cluster with a node down within the bound a request against a Redis that is down
	 * has: {@code bench.request-timeout} plus one Redis timeout.
	 */
	@Bean
	JedisClientConfigurationBuilderCustomizer clusterRetriesWithinOneTimeout(DataRedisProperties redis) {
		Duration timeout = commandTimeout(redis);
		return (configuration) -> configuration.customizeClient((client) -> {
			if (client instanceof ClusterClientBuilder<?> cluster) {
				cluster.maxTotalRetriesDuration(timeout);
			}
		});
	}

	private static Duration commandTimeout(DataRedisProperties redis) {
		// Unset, the command timeout is Jedis's default of 2 s.
		return (redis.getTimeout() != null) ? redis.getTimeout() : Duration.ofSeconds(2);
	}

}
