package org.redisbench.bench.stores;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.CpuPlacement;
import org.redisbench.bench.run.PortProbe;
import org.redisbench.bench.run.RunContext;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.Folders;

/**
 * The run's private redis-server: persistence off, on the first free port from BENCH_OWN_REDIS_PORT, its files in a
 * folder of its own under TMPDIR, its log kept in raw/redis-server.log when it stops.
 */
final class PrivateRedis {

	private static final int TRIES = 5;

	private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration PAUSE = Duration.ofMillis(200);

	private final RunContext context;

	private final Path dir;

	private final Node node;

	private ChildProcess process;

	private PrivateRedis(RunContext context, Path dir, Node node, ChildProcess process) {
		this.context = context;
		this.dir = dir;
		this.node = node;
		this.process = process;
	}

	/** Starts it; a {@code Failure} when five tries over free ports bring none up. */
	static PrivateRedis start(RunContext context, RedisCli cli) {
		BenchSettings settings = context.settings();
		Path dir = RedisProcesses.temporaryFolder("bench-redis.");
		Path conf = dir.resolve("redis.conf");
		Path log = dir.resolve("redis.log");
		RedisConf.write(conf, context.password());
		int port = settings.ownRedisPort();
		for (int tries = 1; tries <= TRIES; tries++) {
			port = PortProbe.firstFree(context.placement(), settings.redisBind(), port);
			List<String> command = new ArrayList<>(List.of("redis-server", conf.toString(), "--port",
					String.valueOf(port), "--bind", settings.redisBind(), "--save", "", "--appendonly", "no", "--dir",
					dir.toString(), "--logfile", log.toString(), "--daemonize", "no"));
			command.addAll(settings.redisArguments());
			ChildProcess process = RedisProcesses.start(dir,
					context.placement().pinned(CpuPlacement.REDIS, context.placement().atRedis(command)), log);
			Node node = new Node(settings.redisBind(), port);
			if (RedisProcesses.answersAsOurs(cli, process, node, ANSWER_TIMEOUT, PAUSE)) {
				context.log().line("private redis-server on " + node + " (pid " + process.pid() + ", " + dir + ")");
				return new PrivateRedis(context, dir, node, process);
			}
			// Lost a race for the port, or did not come up: try the next one.
			RedisProcesses.stop(context, process, "redis-server");
			port++;
			context.log().line("redis-server did not answer (try " + tries + "): " + RedisProcesses.tail(log, 2));
		}
		// Its log says why, as close_redis kept it on bash's way out.
		RedisProcesses.keepLog(log, context.raw().resolve("redis-server.log"));
		Folders.delete(dir);
		throw context.log().failure("could not start redis-server");
	}

	Node node() {
		return this.node;
	}

	long pid() {
		return this.process.pid();
	}

	/** Stops it and keeps its log in raw/redis-server.log; a second call does nothing. */
	void stop() {
		if (this.process == null) {
			return;
		}
		RedisProcesses.stop(this.context, this.process, "redis-server");
		this.process = null;
		RedisProcesses.keepLog(this.dir.resolve("redis.log"), this.context.raw().resolve("redis-server.log"));
		Folders.delete(this.dir);
	}

}
