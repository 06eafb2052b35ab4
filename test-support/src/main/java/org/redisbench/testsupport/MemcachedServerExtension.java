package org.redisbench.testsupport;

import org.redisbench.processes.MemcachedServer;

import org.springframework.test.context.DynamicPropertyRegistry;

/** A {@link MemcachedServer} of the test class's own, as the store its app runs against. */
public class MemcachedServerExtension extends ServerProcessExtension<MemcachedServer> {

	public MemcachedServerExtension(String... extraArguments) {
		super(new MemcachedServer(extraArguments));
	}

	/** Points the app at it: {@code bench.store=memcached} and its address. */
	public void addProperties(DynamicPropertyRegistry registry) {
		registry.add("bench.store", () -> "memcached");
		registry.add("bench.memcached.servers", server()::address);
	}

}
