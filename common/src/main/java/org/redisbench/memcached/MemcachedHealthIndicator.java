package org.redisbench.memcached;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

import net.rubyeye.xmemcached.MemcachedClient;
import net.rubyeye.xmemcached.exception.MemcachedException;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/** Memcached's part of {@code /actuator/health}: up when every node answers {@code stats}, else a 503. */
class MemcachedHealthIndicator implements HealthIndicator {

	private final MemcachedClient client;

	private final List<InetSocketAddress> nodes;

	private final long timeoutMillis;

	MemcachedHealthIndicator(MemcachedClient client, List<InetSocketAddress> nodes, Duration timeout) {
		this.client = client;
		this.nodes = nodes;
		this.timeoutMillis = timeout.toMillis();
	}

	@Override
	public Health health() {
		List<String> down = new ArrayList<>();
		for (InetSocketAddress node : this.nodes) {
			String failure = probe(node);
			if (failure != null) {
				down.add(node.getHostString() + ":" + node.getPort() + " " + failure);
			}
		}
		return down.isEmpty() ? Health.up().build() : Health.down().withDetail("error", String.join(", ", down)).build();
	}

	/** Why the node does not serve, or {@code null} when it does. */
	private String probe(InetSocketAddress node) {
		try {
			this.client.stats(node, this.timeoutMillis);
			return null;
		}
		catch (TimeoutException ex) {
			return "no reply within " + this.timeoutMillis + " ms";
		}
		catch (MemcachedException ex) {
			return String.valueOf(ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

}
