package org.redisbench.testsupport;

import org.redisbench.processes.RedisServer;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.test.context.DynamicPropertyRegistry;

/** A {@link RedisServer} of the test class's own, as the Redis its app runs against. */
public class RedisServerExtension extends ServerProcessExtension<RedisServer> implements RedisUnderTest {

	public RedisServerExtension(String... extraArguments) {
		this(new RedisServer(extraArguments));
	}

	/** For a server that demands a password, an ACL user or TLS: see the factories of {@link RedisServer}. */
	public RedisServerExtension(RedisServer server) {
		super(server);
	}

	public int port() {
		return server().port();
	}

	@Override
	public void addProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.host", () -> "127.0.0.1");
		registry.add("spring.data.redis.port", server()::port);
	}

	@Override
	public UnifiedJedis client() {
		return RedisClient.builder()
			.hostAndPort(new HostAndPort("127.0.0.1", server().port()))
			.clientConfig(server().clientConfig())
			.build();
	}

	@Override
	public long dbSize() {
		return server().dbSize();
	}

	@Override
	public void flushAll() {
		server().flushAll();
	}

	@Override
	public void stop() {
		server().stop();
	}

	@Override
	public void start() {
		server().start();
	}

}
