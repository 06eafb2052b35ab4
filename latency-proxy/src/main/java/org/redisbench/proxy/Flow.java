package org.redisbench.proxy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.LongAdder;

import org.redisbench.proxy.Chunk.Kind;

/**
 * One direction of a proxied connection: what is read from one socket, delayed, and written to the other,
 * in the order it was read.
 * <p>
 * Reading happens on the selector thread; delivery on the delay line's thread when a chunk is due, or on the
 * selector thread when it is due at once or the destination had been full. Anything that touches the other
 * direction or the sockets' registration goes through the selector thread, so no thread ever holds two
 * flows' locks.
 */
final class Flow {

	/**
	 * Reading pauses while this much is on its way, and the sender feels TCP back-pressure, as from a full
	 * network; it resumes below {@link #RESUME_BELOW}. 4 MiB lets one connection carry 800 MB/s at 5 ms.
	 */
	private static final long PAUSE_ABOVE = 4L << 20;

	private static final long RESUME_BELOW = 1L << 20;

	private final Connection connection;

	private final Endpoint source;

	private final Endpoint destination;

	private final Link link;

	private final DelayLine line;

	private final LongAdder bytesRead;

	/** Selector thread only: the source sent its end (FIN or RST), or the destination failed. */
	private boolean sourceDone;

	/** Selector thread only: an RST is on its way to the destination. */
	private boolean resetSent;

	/** Delivered to the destination but not yet accepted by its socket, oldest first. */
	private final ArrayDeque<Chunk> backlog = new ArrayDeque<>();

	/** Chunks in the delay line: while there are any, a new one must queue behind them. */
	private int scheduled;

	private long bytesOnTheWay;

	private boolean paused;

	private long lastDue = System.nanoTime();

	private long order;

	/** The destination has been sent our end of the stream (a half-close), after all the data. */
	private volatile boolean ended;

	Flow(Connection connection, Endpoint source, Endpoint destination, Link link, DelayLine line,
			LongAdder bytesRead) {
		this.connection = connection;
		this.source = source;
		this.destination = destination;
		this.link = link;
		this.line = line;
		this.bytesRead = bytesRead;
	}

	boolean hasEnded() {
		return this.ended;
	}

	/** Selector thread: the source is readable. */
	void read(ByteBuffer buffer) {
		int count;
		try {
			buffer.clear();
			count = this.source.channel().read(buffer);
		}
		catch (IOException ex) {
			// A reset by the source's peer (ECONNRESET), or another hard error: either way the peer must see one.
			sendReset();
			return;
		}
		if (count < 0) {
			stopReading();
			send(Kind.END, null);
		}
		else if (count > 0) {
			this.bytesRead.add(count);
			buffer.flip();
			send(Kind.DATA, ByteBuffer.allocate(count).put(buffer).flip());
		}
	}

	/** Selector thread: passes a reset on to the destination, behind what is already on its way. */
	void sendReset() {
		if (!this.resetSent) {
			this.resetSent = true;
			stopReading();
			send(Kind.RESET, null);
		}
	}

	/** Selector thread: the destination's socket accepts data again, or has just connected. */
	synchronized void drain() {
		Chunk chunk;
		while ((chunk = this.backlog.peek()) != null) {
			if (!writeOut(chunk)) {
				this.destination.interestOr(SelectionKey.OP_WRITE);
				return;
			}
			this.backlog.poll();
		}
		this.destination.interestAnd(~SelectionKey.OP_WRITE);
	}

	/** Delay line thread: a chunk is due. */
	synchronized void deliverScheduled(Chunk chunk) {
		this.scheduled--;
		deliver(chunk);
	}

	private void stopReading() {
		this.sourceDone = true;
		this.source.interestAnd(~SelectionKey.OP_READ);
	}

	private void send(Kind kind, ByteBuffer data) {
		long now = System.nanoTime();
		int size = (data != null) ? data.limit() : 0;
		// With jitter a later chunk may draw a shorter delay; it waits for the one before it, as on one TCP stream.
		long arrival = this.link.arrival(now, size);
		synchronized (this) {
			long due = Math.max(arrival - this.lastDue, 0) + this.lastDue;
			this.lastDue = due;
			Chunk chunk = new Chunk(this, kind, data, due, this.order++);
			this.bytesOnTheWay += size;
			if (this.bytesOnTheWay > PAUSE_ABOVE) {
				this.paused = true;
				this.source.interestAnd(~SelectionKey.OP_READ);
			}
			if (this.scheduled == 0 && due - now <= 0) {
				deliver(chunk);
			}
			else {
				this.scheduled++;
				this.line.add(chunk);
			}
		}
	}


	/** Holding this flow's lock: hands the chunk to the destination socket, or queues it behind the backlog. */
	private void deliver(Chunk chunk) {
		if (this.connection.isClosed()) {
			return;
		}
		if (!this.backlog.isEmpty() || !this.destination.isConnected()) {
			this.backlog.add(chunk);
			return;
		}
		if (!writeOut(chunk)) {
			this.backlog.add(chunk);
			this.destination.interestOr(SelectionKey.OP_WRITE);
		}
	}

	/** Writes what the destination's socket takes now; returns whether the chunk is done with. */
	private boolean writeOut(Chunk chunk) {
		if (this.connection.isClosed()) {
			return true;
		}
		try {
			switch (chunk.kind()) {
				case DATA -> {
					this.destination.channel().write(chunk.data());
					if (chunk.data().hasRemaining()) {
						return false;
					}
					written(chunk.size());
				}
				case END -> {
					this.destination.channel().shutdownOutput();
					this.ended = true;
					this.connection.flowEnded();
				}
				case RESET -> this.connection.reset(this.destination);
			}
		}
		catch (IOException ex) {
			// The destination's peer reset or closed its end: it will not read what follows, and the source's
			// peer must learn that its connection broke, as it would from the network.
			this.connection.destinationFailed(this);
		}
		return true;
	}

	private void written(int size) {
		this.bytesOnTheWay -= size;
		if (this.paused && this.bytesOnTheWay < RESUME_BELOW) {
			this.paused = false;
			this.connection.resumeReading(this);
		}
	}

	/** Selector thread: reading had paused for back-pressure; resumes unless the source is done. */
	synchronized void resume() {
		if (!this.sourceDone && !this.paused) {
			this.source.interestOr(SelectionKey.OP_READ);
		}
	}

}
