package org.redisbench.faults;

/**
 * The time a fault lasted, in microseconds since the epoch: from Redis killed or paused to Redis restarting or
 * resuming. A request is in it when it started after the fault began and ended before it was over; one that
 * straddles an edge may have been answered by Redis before or after.
 *
 * @param fromMicros the fault began
 * @param toMicros the fault was over
 */
record Window(long fromMicros, long toMicros) {

	boolean holds(LoggedRequest request) {
		return request.startMicros() > this.fromMicros && request.endMicros() < this.toMicros;
	}

}
