package org.redisbench.store;

import java.util.List;
import java.util.function.Function;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.redisbench.store.Reply.NoReply;

/**
 * Sends a request once more, on connections that have just answered a PING, when a pooled connection turned
 * out to be stale: Redis went away since its last use, a restart for one. Idle connections are validated in
 * the background, not on every borrow, so a restart between two validation runs leaves stale ones in the
 * pool. Resending is safe: a request sets or gets the same values again, and its replies are then all from
 * the second attempt.
 * <p>
 * Only a lost connection is resent, once, and only before the request's deadline: a timeout would make a
 * second attempt wait as long again, and a Redis that refuses connections is down.
 */
final class StaleConnectionRetry {

	private final int pooledConnections;

	private final Counter resent;

	/** @param pooledConnections the most connections a pool holds, and so the most that can go stale at once */
	StaleConnectionRetry(int pooledConnections, MeterRegistry meters) {
		this.pooledConnections = pooledConnections;
		this.resent = Counter.builder("bench.redis.stale-connection-retries")
			.description("requests sent again because their pooled connection had gone stale")
			.register(meters);
	}

	List<Reply> send(Deadline deadline, Function<Borrowing, List<Reply>> attempt) {
		List<Reply> replies = attempt.apply(Borrowing.pooled(deadline));
		if (lostConnectionOnly(replies) && !deadline.passed()) {
			this.resent.increment();
			return attempt.apply(new Borrowing(true, this.pooledConnections, deadline));
		}
		return replies;
	}

	/** A connection was lost, and nothing else went unanswered; error replies would come again anyway. */
	private static boolean lostConnectionOnly(List<Reply> replies) {
		boolean lost = false;
		for (Reply reply : replies) {
			if (reply instanceof NoReply noReply) {
				if (noReply.why() != NoReply.Why.CONNECTION_LOST) {
					return false;
				}
				lost = true;
			}
		}
		return lost;
	}

}
