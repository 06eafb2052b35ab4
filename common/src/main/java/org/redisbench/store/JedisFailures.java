package org.redisbench.store;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

import javax.net.ssl.SSLException;

import org.redisbench.store.Reply.NoReply;
import org.redisbench.store.Reply.Refusal;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

import org.springframework.dao.DataAccessException;

/**
 * Every failure of the Redis client, told apart in one ordered place, as Spring Data Redis's
 * {@code JedisExceptionConverter} translates them: what it says is all anyone downstream looks at, so no one
 * walks a cause chain again.
 */
final class JedisFailures {

	private JedisFailures() {
	}

	/**
	 * The failure a client exception stands for: an exception thrown by Jedis, or by Spring Data Redis while
	 * borrowing a connection.
	 */
	static Reply.Failure of(RuntimeException ex) {
		Throwable client = (ex instanceof DataAccessException && ex.getCause() != null) ? ex.getCause() : ex;
		String message = RootCause.firstLine(client);
		if (client instanceof JedisClusterOperationException && lastAttempt(client) instanceof RuntimeException last) {
			// The cluster client gave up after attempts of its own: it failed as its last attempt did.
			Reply.Failure attempt = of(last);
			return (attempt instanceof NoReply noReply) ? new NoReply(noReply.why(), message) : attempt;
		}
		if (client instanceof JedisDataException) {
			// An error reply: Redis is there and refused, including a login it refused while connecting.
			String error = String.valueOf(client.getMessage());
			return new Refusal(error.startsWith("WRONGTYPE") ? Refusal.Kind.WRONG_TYPE : Refusal.Kind.OTHER, message);
		}
		if (client instanceof JedisConnectionException) {
			return new NoReply(whyNoReply(client), message);
		}
		return new NoReply(NoReply.Why.OTHER, message);
	}

	/**
	 * Connecting comes first: a failed connect keeps each address's failure, a connect timeout included, as a
	 * suppressed exception. Then a read timeout, where a second attempt would wait as long again. Anything
	 * else broke a connection that had been working: reset or closed by the other end.
	 */
	private static NoReply.Why whyNoReply(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = nextCause(cause)) {
			if (cause.getSuppressed().length > 0 || cause instanceof ConnectException
					|| cause instanceof UnknownHostException || cause instanceof SSLException) {
				return NoReply.Why.CANNOT_CONNECT;
			}
		}
		for (Throwable cause = ex; cause != null; cause = nextCause(cause)) {
			if (cause instanceof SocketTimeoutException) {
				return NoReply.Why.TIMED_OUT;
			}
		}
		return NoReply.Why.CONNECTION_LOST;
	}

	private static Throwable lastAttempt(Throwable clusterGaveUp) {
		Throwable[] attempts = clusterGaveUp.getSuppressed();
		return (attempts.length > 0) ? attempts[attempts.length - 1] : clusterGaveUp.getCause();
	}

	private static Throwable nextCause(Throwable ex) {
		return (ex.getCause() != ex) ? ex.getCause() : null;
	}

}
