package org.redisbench.launcher;

import java.nio.file.Path;
import java.util.List;

import org.redisbench.faults.RedisDistance;
import org.redisbench.proxy.ProxyProcess;

/**
 * The latency proxy, in a process of its own, as faults' distance to Redis: the launcher holds both tools, which
 * depend on no other tool (META-INF/services names it).
 */
public final class LatencyProxyDistance implements RedisDistance {

	@Override
	public Proxy start(int redisPort, String rtt, Path log) {
		ProxyProcess proxy = ProxyProcess.start("127.0.0.1:" + redisPort, rtt, List.of(), log);
		return new Proxy() {

			@Override
			public int port() {
				return proxy.port();
			}

			@Override
			public void close() {
				proxy.close();
			}

		};
	}

}
