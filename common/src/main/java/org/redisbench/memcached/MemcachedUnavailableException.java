package org.redisbench.memcached;

/**
 * Memcached could not serve a request in time: a node down, unreachable, too slow or out of memory. Nothing
 * is claimed as stored or verified when this is thrown; answered 503.
 */
public class MemcachedUnavailableException extends RuntimeException {

	public MemcachedUnavailableException(String message) {
		super(message);
	}

}
