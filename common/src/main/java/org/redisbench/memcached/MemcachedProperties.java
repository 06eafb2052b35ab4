package org.redisbench.memcached;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where and how the apps reach Memcached when {@code bench.store=memcached}.
 *
 * @param servers the nodes as {@code host:port}; keys are spread over them by the client's ketama hashing
 * @param opTimeout bounds each Memcached operation, as {@code spring.data.redis.timeout} bounds a Redis command
 * @param connectTimeout bounds connecting to a node
 * @param connections NIO connections per node, shared by every request thread (xmemcached's default is 1)
 */
@ConfigurationProperties("bench.memcached")
public record MemcachedProperties(@DefaultValue("127.0.0.1:11211") List<String> servers,
		@DefaultValue("2s") Duration opTimeout, @DefaultValue("1s") Duration connectTimeout,
		@DefaultValue("2") int connections) {

	public MemcachedProperties {
		if (servers.isEmpty()) {
			throw new IllegalArgumentException("bench.memcached.servers must name at least one host:port");
		}
		if (connections < 1) {
			throw new IllegalArgumentException("bench.memcached.connections must be at least 1, was " + connections);
		}
	}

}
