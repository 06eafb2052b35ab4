package org.redisbench.store;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import org.redisbench.store.Reply.NoReply;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisException;

/**
 * How an attempt borrows its connections: as the pool hands them out, or each checked with a PING first.
 *
 * @param live PING each connection before use, replacing one found stale
 * @param tries the most connections to try: as many as a pool holds, since that many can be stale at once
 * @param deadline no more tries once the request's deadline has passed
 */
record Borrowing(boolean live, int tries, Deadline deadline) {

	static Borrowing pooled(Deadline deadline) {
		return new Borrowing(false, 1, deadline);
	}

	/**
	 * A connection from the pool; when live, one that has just answered a PING. The pool replaces a
	 * connection found stale by a new one at the head of its idle ones, but right after a Redis restart a
	 * concurrent request may take that one first and leave the next stale one on top; each stale one PINGed
	 * here is replaced in turn, so the pool cannot hold more of them than it holds connections. Throws what
	 * the client throws.
	 */
	<T> T borrow(Supplier<T> pool, Function<T, Connection> connection, Consumer<T> giveBack) {
		for (int tried = 1;; tried++) {
			T borrowed = pool.get();
			if (!this.live) {
				return borrowed;
			}
			try {
				connection.apply(borrowed).ping();
				return borrowed;
			}
			catch (JedisException ex) {
				giveBack.accept(borrowed);
				boolean stale = JedisFailures.of(ex) instanceof NoReply noReply
						&& noReply.why() == NoReply.Why.CONNECTION_LOST;
				if (!stale || tried >= this.tries || this.deadline.passed()) {
					throw ex;
				}
			}
		}
	}

}
