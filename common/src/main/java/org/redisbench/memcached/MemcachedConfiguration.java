package org.redisbench.memcached;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import net.rubyeye.xmemcached.MemcachedClient;
import net.rubyeye.xmemcached.XMemcachedClientBuilder;
import net.rubyeye.xmemcached.impl.KetamaMemcachedSessionLocator;
import net.rubyeye.xmemcached.utils.AddrUtil;
import org.redisbench.person.Person;
import org.redisbench.store.PersonDecoding;
import org.redisbench.store.StoreProperties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * {@code bench.store=memcached}: the persons go to the Memcached nodes of {@code bench.memcached.servers}
 * instead of Redis, through the same codec, compression, {@code bench.read-also} and verification, with the same
 * {@code bench.mode}, {@code bench.request-timeout}, {@code bench.max-value-bytes} and {@code bench.ttl}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "bench.store", havingValue = "memcached")
@EnableConfigurationProperties({ MemcachedProperties.class, StoreProperties.class })
public class MemcachedConfiguration {

	/**
	 * Failure mode keeps a node that is down in the hash ring, so its keys fail (503) instead of moving to
	 * the other nodes, where a {@code /check} would find them missing once it is back; the client reconnects
	 * it in the background. A node down at start-up stays in the ring the same way.
	 */
	@Bean(destroyMethod = "shutdown")
	MemcachedClient memcachedClient(MemcachedProperties properties) {
		XMemcachedClientBuilder builder = new XMemcachedClientBuilder(addresses(properties.servers()));
		builder.setSessionLocator(new KetamaMemcachedSessionLocator());
		builder.setFailureMode(true);
		builder.setConnectionPoolSize(properties.connections());
		builder.setConnectTimeout(properties.connectTimeout().toMillis());
		builder.setOpTimeout(properties.opTimeout().toMillis());
		try {
			return builder.build();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start the Memcached client for " + properties.servers(), ex);
		}
	}

	private static List<InetSocketAddress> addresses(List<String> servers) {
		return AddrUtil.getAddresses(String.join(" ", servers));
	}

	@Bean
	MemcachedPersonStore memcachedPersonStore(MemcachedClient client, RedisSerializer<Person> personValues,
			StoreProperties store, MemcachedProperties memcached, MeterRegistry meters) {
		return new MemcachedPersonStore(client, new PersonDecoding(personValues, store.maxValueBytes()), store.mode(),
				memcached.opTimeout(), store.requestTimeout(), store.ttl(), meters);
	}

	@Bean("memcachedHealthIndicator")
	MemcachedHealthIndicator memcachedHealthIndicator(MemcachedClient client, MemcachedProperties properties) {
		return new MemcachedHealthIndicator(client, addresses(properties.servers()), properties.opTimeout());
	}

}
