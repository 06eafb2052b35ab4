package org.redisbench.fill;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;
import org.redisbench.processes.RedisCluster;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The plan before a fill: a sample of the range measured in a redis-server of our own with the target's listpack
 * settings (a cluster of one node for a cluster, so that the sample pays what cluster mode costs a key), the
 * target's nodes read, and {@link FillPlan}'s projection of their used_memory; a fill that would not fit under a
 * node's maxmemory or, for a local target, in MemAvailable less the headroom is refused before anything is written.
 * It runs before our own Redis starts, so that one private Redis runs at a time.
 */
final class Planner {

	private static final long GIB = 1L << 30;

	private final FillCommand.Settings settings;

	private final CommandLog progress;

	private final PrintWriter out;

	Planner(FillCommand.Settings settings, CommandLog progress, PrintWriter out) {
		this.settings = settings;
		this.progress = progress;
		this.out = out;
	}

	void plan(long sample, long headroomGib) throws InterruptedException, ExecutionException {
		FillOptions fill = this.settings.fill();
		Target target = this.settings.own() ? null : Fill.reach(fill.reach());
		String entries = null;
		String values = String.valueOf(Layout.LISTPACK_VALUE_BYTES);
		String source = "our own Redis's";
		if (target != null) {
			values = null;
			source = "this redis-server's defaults (CONFIG GET refused)";
			try (Jedis jedis = target.connect(0)) {
				Map<String, String> config = jedis.configGet("hash-max-listpack-*");
				if (config.containsKey("hash-max-listpack-entries") && config.containsKey("hash-max-listpack-value")) {
					entries = config.get("hash-max-listpack-entries");
					values = config.get("hash-max-listpack-value");
					source = "the target's (CONFIG GET)";
				}
			}
			catch (JedisException ex) {
				// CONFIG may be denied to the user: the sample takes this redis-server's defaults, and says so.
			}
		}
		boolean cluster = !fill.reach().cluster().isEmpty();
		FillOptions sampled = fill.sampled(Math.min(sample, fill.persons()), FillCommand.PLAN_ROUNDS);
		Sampled result;
		try {
			if (cluster) {
				try (RedisCluster own = RedisCluster.ofOneNode()) {
					own.start();
					RedisServer node = own.nodes().get(0);
					result = sample(node, sampled.to(Reach.ownCluster(node.port())), entries, values);
				}
			}
			else {
				try (RedisServer own = new RedisServer()) {
					own.start();
					result = sample(own, sampled.to(Reach.own(own.port())), entries, values);
				}
			}
		}
		catch (IllegalStateException | UncheckedIOException ex) {
			throw new Failure("cannot start the plan's redis-server: " + ex.getMessage(), ex);
		}
		Sample.Measured measured = result.measured();
		long empty = result.empty();
		String config = result.config();
		List<FillPlan.Node> nodes = new ArrayList<>();
		boolean local = true;
		if (target == null) {
			nodes.add(new FillPlan.Node("127.0.0.1:(ours)", empty, 0, 0, "noeviction", FillPlan.SLOTS));
		}
		else {
			for (int node = 0; node < target.nodes().size(); node++) {
				HostAndPort address = target.nodes().get(node);
				try (Jedis jedis = target.connect(node)) {
					String info = jedis.info("memory");
					nodes.add(new FillPlan.Node(address.toString(), RedisInfo.number(info, "used_memory"),
							jedis.dbSize(), RedisInfo.number(info, "maxmemory"),
							RedisInfo.text(info, "maxmemory_policy"), target.slotsOf(node)));
				}
				catch (JedisException ex) {
					throw new Refusal("the plan cannot read INFO memory of " + address + ": " + ex.getMessage());
				}
				local &= address.getHost().matches("127\\.[0-9.]+|localhost|::1|\\[::1\\]");
			}
		}
		this.progress.say("plan: " + config + ": " + source + "; sample of " + measured.persons() + " persons");
		FillPlan plan = new FillPlan(measured.cost(), nodes, fill.ttl() != null,
				local ? FillPlan.memAvailable(Path.of("/proc/meminfo")) : -1, headroomGib * GIB);
		plan.report(fill.persons(), fill.what()).forEach(this.out::println);
		this.out.flush();
		if (!plan.fits(fill.persons())) {
			throw new Refusal("the plan says " + fill.persons() + " persons would not fit (above): at most "
					+ plan.largest(fill.persons()) + " would; nothing written");
		}
	}

	/** What the sample cost, with the settings it ran under and the used_memory of the Redis empty. */
	private record Sampled(Sample.Measured measured, String config, long empty) {
	}

	/** The sample, in a Redis of our own set as the target is. */
	private static Sampled sample(RedisServer own, FillOptions sampled, String entries, String values)
			throws InterruptedException, ExecutionException {
		try (Jedis jedis = own.client()) {
			// Redis 7.0 allocates a latency histogram of about 25 kB for each command at its first call: in the
			// sample's first round that is bytes a person the fill would not pay again.
			jedis.configSet("latency-tracking", "no");
			if (values != null) {
				jedis.configSet("hash-max-listpack-value", values);
			}
			if (entries != null) {
				jedis.configSet("hash-max-listpack-entries", entries);
			}
			String config = jedis.configGet("hash-max-listpack-*").entrySet().stream()
				.map((setting) -> setting.getKey() + " " + setting.getValue())
				.sorted()
				.reduce((a, b) -> a + " " + b)
				.orElse("");
			long empty = RedisInfo.number(jedis.info("memory"), "used_memory");
			Sample.Measured measured = Sample.measure(new Fill(sampled, Fill.reach(sampled.reach())), sampled);
			return new Sampled(measured, config, empty);
		}
	}

}
