package org.redisbench.testsupport;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** A test that paused memcached or left keys in it leaves the next one a running, empty memcached. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MemcachedServerExtensionTest {

	@RegisterExtension
	static final MemcachedServerExtension memcached = new MemcachedServerExtension("-m", "2");

	@Test
	@Order(1)
	void aTestLeavesAKeyAndStopsTheServer() {
		memcached.server().set("person_1", "left behind".getBytes(StandardCharsets.UTF_8));

		memcached.server().stop();

		assertThat(memcached.server().isRunning()).isFalse();
	}

	@Test
	@Order(2)
	void theNextOneFindsItRunningAndEmpty() {
		assertThat(memcached.server().isRunning()).isTrue();
		assertThat(memcached.server().contains("person_1")).isFalse();
		assertThat(memcached.server().stats("settings")).containsEntry("maxbytes", String.valueOf(2 * 1024 * 1024));
	}

}
