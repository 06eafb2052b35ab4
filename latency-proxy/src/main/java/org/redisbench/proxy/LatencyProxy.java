package org.redisbench.proxy;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * A TCP proxy that emulates the network between its clients and one target: every connection accepted is
 * forwarded to the target, and each direction's bytes arrive after the configured delay (plus jitter, at
 * the configured rate), unchanged and in order. Half-closes and resets are passed on, so that a fault of the
 * target looks the same to the client as without the proxy.
 * <p>
 * One selector thread accepts, connects and reads; one {@link DelayLine} per direction delivers on time.
 */
public final class LatencyProxy implements AutoCloseable {

	/** One read takes at most this much: 64 KiB, a loopback segment. */
	private static final int READ_BUFFER_BYTES = 64 * 1024;

	/** Hundreds of clients may connect at once (a connection pool filling up). */
	private static final int ACCEPT_BACKLOG = 4096;

	private final ProxySettings settings;

	private final Selector selector;

	private final ServerSocketChannel listener;

	private final Link upstreamLink;

	private final Link downstreamLink;

	private final DelayLine upstreamLine;

	private final DelayLine downstreamLine;

	private final LongAdder bytesUpstream = new LongAdder();

	private final LongAdder bytesDownstream = new LongAdder();

	private final LongAdder connections = new LongAdder();

	private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();

	private final Thread selectorThread;

	private volatile boolean running = true;

	/** What stopped it, other than {@link #close()}: then every connection is closed, none left hanging. */
	private volatile Throwable failure;

	public LatencyProxy(ProxySettings settings) throws IOException {
		this.settings = settings;
		this.upstreamLink = new Link(settings);
		this.downstreamLink = new Link(settings);
		this.selector = Selector.open();
		this.listener = ServerSocketChannel.open();
		try {
			this.listener.bind(settings.listen(), ACCEPT_BACKLOG);
			this.listener.configureBlocking(false);
			this.listener.register(this.selector, SelectionKey.OP_ACCEPT);
		}
		catch (IOException ex) {
			closeQuietly(this.listener);
			closeQuietly(this.selector);
			throw ex;
		}
		this.upstreamLine = new DelayLine("latency-proxy-upstream", settings.spinNanos(), this::fail);
		this.downstreamLine = new DelayLine("latency-proxy-downstream", settings.spinNanos(), this::fail);
		this.selectorThread = new Thread(this::run, "latency-proxy-selector");
		this.selectorThread.start();
	}

	/** Where it listens; with port 0 asked for, the port it got. */
	public InetSocketAddress address() {
		return new InetSocketAddress(this.settings.listen().getAddress(), this.listener.socket().getLocalPort());
	}

	/** What it has carried so far, for the log. */
	public String traffic() {
		return this.connections.sum() + " connections, " + this.bytesUpstream.sum() + " bytes to the target, "
				+ this.bytesDownstream.sum() + " bytes back";
	}

	/** Stops accepting, closes every connection and waits for its threads. */
	@Override
	public void close() {
		this.running = false;
		this.selector.wakeup();
		join();
	}

	/** Waits until it has stopped; throws what stopped it, if not {@link #close()}. */
	public void awaitStop() {
		join();
		if (this.failure != null) {
			throw new IllegalStateException("the proxy failed", this.failure);
		}
	}

	private void join() {
		try {
			this.selectorThread.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	InetSocketAddress target() {
		return this.settings.target();
	}

	Link upstreamLink() {
		return this.upstreamLink;
	}

	Link downstreamLink() {
		return this.downstreamLink;
	}

	DelayLine upstreamLine() {
		return this.upstreamLine;
	}

	DelayLine downstreamLine() {
		return this.downstreamLine;
	}

	LongAdder bytesUpstream() {
		return this.bytesUpstream;
	}

	LongAdder bytesDownstream() {
		return this.bytesDownstream;
	}

	/**
	 * Any thread: runs the task on the selector thread before it next waits. Always queued, never run at once,
	 * so that a caller holding a flow's lock never runs code that takes another's.
	 */
	void onSelector(Runnable task) {
		this.tasks.add(task);
		if (Thread.currentThread() != this.selectorThread) {
			this.selector.wakeup();
		}
	}

	private void run() {
		ByteBuffer buffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
		try {
			while (this.running) {
				Runnable task;
				while ((task = this.tasks.poll()) != null) {
					task.run();
				}
				this.selector.select();
				for (SelectionKey key : this.selector.selectedKeys()) {
					handle(key, buffer);
				}
				this.selector.selectedKeys().clear();
			}
		}
		catch (IOException | RuntimeException ex) {
			this.failure = ex;
		}
		finally {
			for (SelectionKey key : this.selector.keys()) {
				if (key.attachment() instanceof Endpoint endpoint) {
					endpoint.connection().closeBoth();
				}
			}
			closeQuietly(this.listener);
			closeQuietly(this.selector);
			this.upstreamLine.close();
			this.downstreamLine.close();
		}
	}

	/** A delay line's thread died of a bug: rather than leave its connections hanging, the proxy stops. */
	private void fail(Throwable cause) {
		this.failure = cause;
		this.running = false;
		this.selector.wakeup();
	}

	private void handle(SelectionKey key, ByteBuffer buffer) throws IOException {
		try {
			if (key.attachment() instanceof Endpoint endpoint) {
				endpoint.connection().ready(endpoint, key, buffer);
			}
			else if (key.isAcceptable()) {
				accept();
			}
		}
		catch (CancelledKeyException ex) {
			// The connection was closed while its events were handled: nothing left to do for it.
		}
	}

	private void accept() throws IOException {
		SocketChannel client;
		while ((client = this.listener.accept()) != null) {
			this.connections.increment();
			SocketChannel target = SocketChannel.open();
			try {
				new Connection(this, client, target).open(this.selector);
			}
			catch (IOException ex) {
				// Out of file descriptors or the like: this client is refused, the others go on.
				closeQuietly(client);
				closeQuietly(target);
			}
		}
	}

	static void closeQuietly(Closeable closeable) {
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// Closing is all that is left to do with it.
		}
	}

}
