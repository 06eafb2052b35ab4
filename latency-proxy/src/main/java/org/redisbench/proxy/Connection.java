package org.redisbench.proxy;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * A client's connection and the proxy's connection to the target on its behalf, with a {@link Flow} each
 * way. It closes once both directions have passed on their end (FIN), or at once when a reset reaches
 * either side, which then sees an RST too.
 */
final class Connection {

	private final LatencyProxy proxy;

	private final Endpoint client;

	private final Endpoint target;

	private final Flow upstream;

	private final Flow downstream;

	/** Written on the selector thread only. */
	private volatile boolean closed;

	Connection(LatencyProxy proxy, SocketChannel client, SocketChannel target) {
		this.proxy = proxy;
		this.client = new Endpoint(this, client);
		this.target = new Endpoint(this, target);
		this.upstream = new Flow(this, this.client, this.target, proxy.upstreamLink(), proxy.upstreamLine(),
				proxy.bytesUpstream());
		this.downstream = new Flow(this, this.target, this.client, proxy.downstreamLink(), proxy.downstreamLine(),
				proxy.bytesDownstream());
	}

	LatencyProxy proxy() {
		return this.proxy;
	}

	boolean isClosed() {
		return this.closed;
	}

	/** Selector thread: registers both sockets and starts connecting to the target. */
	void open(Selector selector) throws IOException {
		for (SocketChannel channel : new SocketChannel[] { this.client.channel(), this.target.channel() }) {
			channel.configureBlocking(false);
			// Nagle would hold back a small write until the previous one is acknowledged: up to 40 ms.
			channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
		}
		this.client.registered(this.client.channel().register(selector, SelectionKey.OP_READ, this.client), true);
		boolean connected;
		try {
			connected = this.target.channel().connect(this.proxy.target());
		}
		catch (IOException ex) {
			this.target.registered(this.target.channel().register(selector, 0, this.target), false);
			reset(this.client);
			return;
		}
		int interest = connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT;
		this.target.registered(this.target.channel().register(selector, interest, this.target), connected);
	}

	/** Selector thread: a socket of this connection is ready for what it was registered for. */
	void ready(Endpoint endpoint, SelectionKey key, ByteBuffer buffer) {
		if (key.isConnectable()) {
			finishConnect();
			return;
		}
		if (key.isReadable()) {
			flowFrom(endpoint).read(buffer);
		}
		if (key.isValid() && key.isWritable()) {
			flowFrom(other(endpoint)).drain();
		}
	}

	/** Any thread: the destination of {@code flow} failed; its source learns by a reset, like from a network. */
	void destinationFailed(Flow flow) {
		Flow reverse = (flow == this.upstream) ? this.downstream : this.upstream;
		this.proxy.onSelector(reverse::sendReset);
	}

	/** Any thread: {@code flow} paused reading for back-pressure and may go on. */
	void resumeReading(Flow flow) {
		this.proxy.onSelector(flow::resume);
	}

	/** Any thread: a flow has passed its end on; once both have, the connection is done. */
	void flowEnded() {
		if (this.upstream.hasEnded() && this.downstream.hasEnded()) {
			this.proxy.onSelector(this::closeBoth);
		}
	}

	/** Any thread: {@code endpoint}'s peer gets an RST, the other socket is closed, nothing more is sent. */
	void reset(Endpoint endpoint) {
		this.proxy.onSelector(() -> {
			if (this.closed) {
				return;
			}
			try {
				// SO_LINGER 0: close() sends an RST instead of a FIN, as the peer whose reset we pass on did.
				endpoint.channel().setOption(StandardSocketOptions.SO_LINGER, 0);
			}
			catch (IOException ex) {
				// Already closed by its peer: there is no one left to tell.
			}
			closeBoth();
		});
	}

	/** Selector thread: the proxy stops, or the connection is done. */
	void closeBoth() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		LatencyProxy.closeQuietly(this.client.channel());
		LatencyProxy.closeQuietly(this.target.channel());
	}

	private void finishConnect() {
		try {
			this.target.channel().finishConnect();
		}
		catch (IOException ex) {
			// Nothing listens there, or it cannot be reached: the client's connection breaks, as it would
			// behind a real network path whose far end refuses.
			reset(this.client);
			return;
		}
		this.target.interestAnd(~SelectionKey.OP_CONNECT);
		this.target.interestOr(SelectionKey.OP_READ);
		this.target.connected();
		this.upstream.drain();
	}

	private Flow flowFrom(Endpoint endpoint) {
		return (endpoint == this.client) ? this.upstream : this.downstream;
	}

	private Endpoint other(Endpoint endpoint) {
		return (endpoint == this.client) ? this.target : this.client;
	}

}
