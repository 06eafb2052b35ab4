package org.redisbench.fill;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import redis.clients.jedis.Jedis;

/**
 * One fill per connection count on our own Redis, flushed before each, and a table of what each cost: the published
 * write-up loaded 20 M keys with 2, 5 and 10 threads in 210, 170 and 190 s, and more was not faster. Every figure of
 * a row is the fill's own, over one interval, its first batch to its last reply.
 */
final class ConnectionSweep {

	private final FillOptions options;

	private final PrintWriter out;

	ConnectionSweep(FillOptions options, PrintWriter out) {
		this.options = options;
		this.out = out;
	}

	void run(List<Integer> counts) {
		List<String> rows = new ArrayList<>();
		for (int count : counts) {
			try (Jedis jedis = Fill.reach(this.options.reach()).connect(0)) {
				jedis.flushAll();
			}
			Fill.Filled filled = Fill.fill(this.options.on(count), this.out);
			FillCost cost = filled.cost();
			rows.add(String.format(Locale.ROOT, "%11d %10s %8.2f %11.2f %11.2f %12.2f %12.2f", count, filled.rate(),
					cost.seconds(), cost.fillCpuSeconds(), cost.fillCores(), cost.redisCpuSeconds(), cost.redisCores()));
		}
		this.out.println();
		this.out.println("connections  persons/s  seconds  fill CPU s  fill cores  Redis CPU s  Redis cores");
		rows.forEach(this.out::println);
		this.out.println("Each row is the fill's own measure over one interval, its first batch to its last reply (not "
				+ "its JVM's start):");
		this.out.println("persons/s, seconds, its process's CPU (every thread) and Redis's (INFO cpu, before and after). "
				+ "Redis runs");
		this.out.println("commands on one thread: Redis cores near 1 means Redis saturates; fill cores near the "
				+ "machine's cores, the fill.");
		this.out.flush();
	}

}
