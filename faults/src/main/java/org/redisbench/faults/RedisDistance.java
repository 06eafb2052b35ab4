package org.redisbench.faults;

import java.nio.file.Path;
import java.util.ServiceLoader;

import org.redisbench.commandline.Failure;

/**
 * The network between the apps and Redis when a run asks for one ({@code FAULTS_REDIS_RTT}): the latency proxy,
 * which is a tool of its own, and a tool depends on no other; the program that holds both (the launcher) provides
 * it as a service.
 */
public interface RedisDistance {

	/**
	 * A proxy on a free port of 127.0.0.1 in front of Redis on {@code redisPort}, adding the round trip {@code rtt}
	 * (e.g. {@code 1ms}), its output to {@code log}. It stays up while Redis is killed and restarted behind it.
	 *
	 * @throws IllegalStateException when it did not start
	 */
	Proxy start(int redisPort, String rtt, Path log);

	/** The one this program provides. */
	static RedisDistance provided() {
		return ServiceLoader.load(RedisDistance.class).findFirst()
			.orElseThrow(() -> new Failure("this program has no latency proxy: run redis-bench faults"));
	}

	/** A proxy started: where the apps reach Redis through it. */
	interface Proxy extends AutoCloseable {

		int port();

		/** Stops it. */
		@Override
		void close();

	}

}
