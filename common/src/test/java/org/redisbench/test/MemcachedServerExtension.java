package org.redisbench.test;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Starts a {@link MemcachedServer} before a test class and stops it afterwards. Before each test it is
 * running again (a test may have stopped it) and empty. Register it on a static field with
 * {@code @RegisterExtension}.
 */
public class MemcachedServerExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

	private final MemcachedServer server;

	public MemcachedServerExtension(String... extraArguments) {
		this.server = new MemcachedServer(extraArguments);
	}

	public MemcachedServer server() {
		return this.server;
	}

	/** Points the app at it: {@code bench.store=memcached} and its address. */
	public void addProperties(DynamicPropertyRegistry registry) {
		registry.add("bench.store", () -> "memcached");
		registry.add("bench.memcached.servers", this.server::address);
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
