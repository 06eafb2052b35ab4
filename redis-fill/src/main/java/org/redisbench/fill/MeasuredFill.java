package org.redisbench.fill;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;

/**
 * A fill and what it cost Redis: every node's data memory before and after it, over the persons stored (Redis bytes a
 * value as every tool computes it, {@link RedisBytes}: on a Redis that may not be our own, from INFO alone), then what
 * the nodes hold ({@link MemoryReport}).
 *
 * @param bytesPerPerson the nodes' data memory after less before, over the persons stored
 * @param memory each node's INFO memory and keys after the fill
 */
record MeasuredFill(Fill.Filled filled, double bytesPerPerson, List<MemoryReport.Node> memory) {

	/** Fills, and prints the fill's lines, the bytes a person and the memory report. */
	static MeasuredFill run(FillOptions options, PrintWriter out) {
		Target target = Fill.reach(options.reach());
		List<String> before = infos(target);
		Fill.Filled filled = Fill.fill(options, out);
		List<String> after = infos(target);
		long growth = 0;
		for (int node = 0; node < before.size(); node++) {
			growth += RedisInfo.dataMemory(after.get(node), "") - RedisInfo.dataMemory(before.get(node), "");
		}
		long persons = filled.options().persons();
		double bytes = (persons > 0) ? growth / (double) persons : 0;
		out.println(String.format(Locale.ROOT, "bytes per person: %.1f (data memory before and after, over N)", bytes));
		List<MemoryReport.Node> memory = MemoryReport.read(target);
		MemoryReport.lines(memory).forEach(out::println);
		out.flush();
		return new MeasuredFill(filled, bytes, memory);
	}

	private static List<String> infos(Target target) {
		List<String> infos = new ArrayList<>();
		for (int node = 0; node < target.nodes().size(); node++) {
			try (Jedis jedis = target.connect(node)) {
				infos.add(jedis.info("memory"));
			}
		}
		return infos;
	}

}
