package org.redisbench.store;

/**
 * Redis could not serve a request in time: down, unreachable, too slow, out of memory, or refusing the
 * command. Nothing is claimed as stored or verified when this is thrown.
 */
public class RedisUnavailableException extends RuntimeException {

	public RedisUnavailableException(String message) {
		super(message);
	}

	public RedisUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
