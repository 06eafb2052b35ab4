package org.redisbench.proxy;

import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/** One of a connection's two sockets: the client's, accepted, or the one to the target. */
final class Endpoint {

	private final Connection connection;

	private final SocketChannel channel;

	private volatile SelectionKey key;

	private volatile boolean connected;

	Endpoint(Connection connection, SocketChannel channel) {
		this.connection = connection;
		this.channel = channel;
	}

	Connection connection() {
		return this.connection;
	}

	SocketChannel channel() {
		return this.channel;
	}

	boolean isConnected() {
		return this.connected;
	}

	void registered(SelectionKey key, boolean connected) {
		this.key = key;
		this.connected = connected;
	}

	void connected() {
		this.connected = true;
	}

	/** Any thread: the selector also waits for these events, from its next round on. */
	void interestOr(int operations) {
		this.connection.proxy().onSelector(() -> {
			try {
				this.key.interestOpsOr(operations);
			}
			catch (CancelledKeyException ex) {
				// Closed meanwhile: nothing more to wait for.
			}
		});
	}

	/** Any thread: the selector no longer waits for events outside these, from its next round on. */
	void interestAnd(int operations) {
		this.connection.proxy().onSelector(() -> {
			try {
				this.key.interestOpsAnd(operations);
			}
			catch (CancelledKeyException ex) {
				// Closed meanwhile: nothing more to wait for.
			}
		});
	}

}
