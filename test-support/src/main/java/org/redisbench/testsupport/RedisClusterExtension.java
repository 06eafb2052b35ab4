package org.redisbench.testsupport;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.redisbench.processes.RedisCluster;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Starts a {@link RedisCluster} before a test class and stops it afterwards. Before each test every node is
 * running again (a test may have stopped some), the cluster is ok, and it is empty.
 * <p>
 * Register it on a static field with {@code @RegisterExtension}.
 */
public class RedisClusterExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback, RedisUnderTest {

	private final RedisCluster cluster;

	public RedisClusterExtension(int masters) {
		this.cluster = new RedisCluster(masters);
	}

	public RedisCluster cluster() {
		return this.cluster;
	}

	@Override
	public void addProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.cluster.nodes", this.cluster::nodeAddresses);
	}

	@Override
	public UnifiedJedis client() {
		return this.cluster.client();
	}

	@Override
	public long dbSize() {
		return this.cluster.dbSize();
	}

	@Override
	public void flushAll() {
		this.cluster.flushAll();
	}

	@Override
	public void stop() {
		this.cluster.stop();
	}

	@Override
	public void start() {
		this.cluster.start();
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		this.cluster.start();
	}

	@Override
	public void beforeEach(ExtensionContext context) {
		this.cluster.start();
		this.cluster.flushAll();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		this.cluster.discard();
	}

}
