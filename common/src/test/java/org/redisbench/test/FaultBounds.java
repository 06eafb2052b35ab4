package org.redisbench.test;

import java.time.Duration;
import java.util.Map;

/**
 * The timeouts fault tests give an app, and the longest an answer may then take: the request's deadline
 * plus the Redis command it may be blocked in when it passes, a connect timeout, and slack for two shared
 * cores.
 */
public final class FaultBounds {

	public static final Map<String, String> PROPERTIES = Map.of("spring.data.redis.timeout", "1s",
			"spring.data.redis.connect-timeout", "1s", "bench.request-timeout", "2s");

	public static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

	/**
	 * The longest an answer may take while Redis is paused, as documented: the request's deadline plus one
	 * Redis timeout. A paused Redis still accepts connections, so no connect timeout adds to it; a request
	 * blocks in its first command for one Redis timeout. Validating connections on borrow would add a
	 * timed-out PING per idle connection.
	 */
	public static final Duration PAUSED_ANSWER_WITHIN = Duration.ofSeconds(3);

	private FaultBounds() {
	}

}
