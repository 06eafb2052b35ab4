package org.redisbench.bench.stores;

/** A server a run talks to, as {@code host:port}: a Redis, a cluster's master, a memcached. */
public record Node(String host, int port) {

	/** {@code host:port}; the host may be a name or an IPv4 address. */
	public static Node parse(String address) {
		int colon = address.lastIndexOf(':');
		if (colon <= 0) {
			throw new IllegalArgumentException("not host:port: '" + address + "'");
		}
		return new Node(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
	}

	@Override
	public String toString() {
		return this.host + ":" + this.port;
	}

}
