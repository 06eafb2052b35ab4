package org.redisbench.store;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the apps use Redis beyond what {@code spring.data.redis.*} configures.
 *
 * @param batchSize persons written by one {@code /add} and verified by one {@code /check}
 * @param requestTimeout a request that has not finished its Redis work by then is answered 503, however
 * slowly Redis trickles its replies
 * @param validateOnBorrow PING a pooled connection before use, so the first request after a Redis restart
 * does not fail on a stale socket
 */
@ConfigurationProperties("bench")
public record StoreProperties(@DefaultValue("100") int batchSize, @DefaultValue("5s") Duration requestTimeout,
		@DefaultValue("true") boolean validateOnBorrow) {

	public StoreProperties {
		if (batchSize < 1) {
			throw new IllegalArgumentException("bench.batch-size must be at least 1, was " + batchSize);
		}
	}

}
