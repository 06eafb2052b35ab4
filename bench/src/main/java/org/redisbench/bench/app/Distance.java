package org.redisbench.bench.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Stores;
import org.redisbench.processes.LatencyProxyProcess;

/**
 * A variant's distance: the latency proxy (module latency-proxy's jar, a process of its own) between the app and Redis
 * (--redis-rtt) and between ab and the app (--app-rtt), each adding its round trip; none for a round trip of 0.
 * Its log goes to {@code DIR/redis-proxy.log} and {@code DIR/app-proxy.log}. Loopback hides the network, and the
 * kernel here has no netem: the proxy adds the round trip in user space.
 */
public final class Distance implements AutoCloseable {

	/** Where a proxy in front of what the run did not start listens: here. */
	private static final String HERE = "127.0.0.1";

	private final RunContext context;

	private Optional<LatencyProxyProcess> redisProxy = Optional.empty();

	private Optional<LatencyProxyProcess> appProxy = Optional.empty();

	public Distance(RunContext context) {
		this.context = context;
	}

	/** Whether any variant of the run runs behind a proxy (its jar is then built). */
	public static boolean used(BenchSettings settings) {
		return Stream.concat(settings.redisRtts().stream(), settings.appRtts().stream())
			.anyMatch((rtt) -> !rtt.equals("0"));
	}

	/** The Redis address the variant's app is given: the single Redis's, or a proxy's in front of it. */
	public Node openRedis(String rtt, Path dir, Stores stores) {
		return openRedis(rtt, dir, stores.redis(), stores.appRedis());
	}

	/**
	 * As {@link #openRedis(String, Path, Stores)}, for the single Redis at {@code redis} as the run reaches it and
	 * {@code appRedis} as the apps do. In front of the run's own redis-server the proxy runs where it does and listens
	 * on its address, so the app reaches the proxy wherever it reaches Redis; in front of a named Redis it runs here.
	 */
	public Node openRedis(String rtt, Path dir, Node redis, Node appRedis) {
		if (rtt.equals("0")) {
			return appRedis;
		}
		boolean own = this.context.settings().redisHost().isEmpty();
		List<String> prefix = own ? this.context.placement().redis() : List.of();
		String bind = own ? this.context.settings().redisBind() : HERE;
		Path log = dir.resolve("redis-proxy.log");
		LatencyProxyProcess proxy = start(prefix, bind, redis.toString(), rtt, log, "Redis");
		this.redisProxy = Optional.of(proxy);
		Node proxied = new Node(own ? appRedis.host() : HERE, proxy.port());
		this.context.log().line("Redis behind the latency proxy: " + rtt + " round trip added (" + proxied + ", pid "
				+ proxy.pid() + ")");
		return proxied;
	}

	/**
	 * The URL the client reaches the app at: {@code app.url()}, or a proxy's in front of it. In front of an app the
	 * run started, the proxy runs where the app does and listens on its address; else here.
	 */
	public String openApp(String rtt, Path dir, AppUnderTest app) {
		if (rtt.equals("0")) {
			return app.url();
		}
		boolean own = app.pid().isPresent();
		List<String> prefix = own ? this.context.placement().app() : List.of();
		String bind = own ? this.context.settings().appBind() : HERE;
		String host = own ? this.context.settings().appHost() : HERE;
		Path log = dir.resolve("app-proxy.log");
		LatencyProxyProcess proxy = start(prefix, bind, app.url().replaceFirst("^http://", ""), rtt, log, "the app");
		this.appProxy = Optional.of(proxy);
		String url = "http://" + host + ":" + proxy.port();
		this.context.log().line("app behind the latency proxy: " + rtt + " round trip added (" + url + ", pid "
				+ proxy.pid() + ")");
		return url;
	}

	/** The proxies' processes now running, whose CPU the open-loop steps account as {@code proxy}. */
	public List<Long> pids() {
		return Stream.of(this.appProxy, this.redisProxy)
			.flatMap(Optional::stream)
			.filter(LatencyProxyProcess::alive)
			.map(LatencyProxyProcess::pid)
			.toList();
	}

	/** Stops the variant's proxies; safe to call when none runs. */
	@Override
	public void close() {
		this.appProxy.ifPresent((proxy) -> stop(proxy, "app's proxy"));
		this.redisProxy.ifPresent((proxy) -> stop(proxy, "Redis's proxy"));
		this.appProxy = Optional.empty();
		this.redisProxy = Optional.empty();
	}

	private LatencyProxyProcess start(List<String> prefix, String bind, String target, String rtt, Path log,
			String before) {
		try {
			return LatencyProxyProcess.Launch.jar(this.context.jar("latency-proxy")).behind(prefix).on(bind)
				.start(target, rtt, log);
		}
		catch (IllegalStateException ex) {
			throw this.context.log().failure("the latency proxy in front of " + before + " did not start; see " + log);
		}
	}

	private void stop(LatencyProxyProcess proxy, String what) {
		if (proxy.stop()) {
			this.context.log().line(what + " (pid " + proxy.pid() + "): SIGKILLed");
		}
	}

}
