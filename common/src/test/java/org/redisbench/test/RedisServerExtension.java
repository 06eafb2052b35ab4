package org.redisbench.test;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Starts a {@link RedisServer} before a test class and stops it afterwards. Before each test it is running
 * again (a test may have stopped it) and empty.
 * <p>
 * Register it on a static field with {@code @RegisterExtension}.
 */
public class RedisServerExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback, RedisUnderTest {

	private final RedisServer server;

	public RedisServerExtension(String... extraArguments) {
		this(new RedisServer(extraArguments));
	}

	/** For a server that demands a password, an ACL user or TLS: see the factories of {@link RedisServer}. */
	public RedisServerExtension(RedisServer server) {
		this.server = server;
	}

	public RedisServer server() {
		return this.server;
	}

	public int port() {
		return this.server.port();
	}

	@Override
	public void addProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.host", () -> "127.0.0.1");
		registry.add("spring.data.redis.port", this.server::port);
	}

	@Override
	public UnifiedJedis client() {
		return RedisClient.create("127.0.0.1", this.server.port());
	}

	@Override
	public long dbSize() {
		return this.server.dbSize();
	}

	@Override
	public void flushAll() {
		this.server.flushAll();
	}

	@Override
	public void stop() {
		this.server.stop();
	}

	@Override
	public void start() {
		this.server.start();
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		this.server.start();
	}

	@Override
	public void beforeEach(ExtensionContext context) {
		this.server.start();
		this.server.flushAll();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		this.server.discard();
	}

}
