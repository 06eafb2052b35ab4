package org.redisbench.bench.stores;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** redis-cli's text of MULTI, INFO, CLIENT LIST and EXEC, split as stores.sh's awk split it. */
class InfoAndClientsTest {

	@Test
	void infoStartsAtItsFirstSectionAndKeepsItsCrlfLinesWhileClientsGetTheIdLines() {
		// As redis-cli 7.0 prints it: QUEUED twice on one line before INFO's first, CLIENT LIST's lines after it.
		StoreSnapshots.InfoAndClients split = StoreSnapshots.InfoAndClients.of("OK\nQUEUEDQUEUED# Server\r\n"
				+ "redis_version:7.0.15\r\n\r\n# Memory\r\nused_memory:123\r\n\nid=3 addr=127.0.0.1:1 name=\n"
				+ "id=4 addr=127.0.0.1:2 name=\n\n");
		// What the awk wrote of that text, byte for byte.
		assertThat(split.info())
			.isEqualTo("# Server\r\nredis_version:7.0.15\r\n\r\n# Memory\r\nused_memory:123\r\n\n\n");
		assertThat(split.clients()).isEqualTo("id=3 addr=127.0.0.1:1 name=\nid=4 addr=127.0.0.1:2 name=\n");
	}

	@Test
	void aReplyWithoutInfoGivesNothing() {
		StoreSnapshots.InfoAndClients split = StoreSnapshots.InfoAndClients.of("OK\nQUEUED\n"
				+ "NOPERM this user has no permissions to run the 'client|list' command\n");
		assertThat(split.info()).isEmpty();
		assertThat(split.clients()).isEmpty();
	}

}
