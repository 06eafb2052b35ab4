package org.redisbench.proxy;

import java.nio.ByteBuffer;

/**
 * What one read from a socket produced, on its way to the other socket: data, the end of the stream (a FIN,
 * passed on as a half-close) or a reset (an RST, passed on as one).
 *
 * @param flow the direction of the connection it travels
 * @param kind what it is
 * @param data the bytes, for {@link Kind#DATA} only; its position advances as they are written
 * @param due the {@link System#nanoTime()} at which it reaches the other end
 * @param order tells apart chunks due at the same time, in the order they were read
 */
record Chunk(Flow flow, Kind kind, ByteBuffer data, long due, long order) {

	enum Kind {

		DATA, END, RESET

	}

	int size() {
		return (this.data != null) ? this.data.limit() : 0;
	}

}
