package org.redisbench.runresults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.tooloutput.RedisInfo;

/**
 * The store's samples of one phase, as bench.sh's samplers wrote them: for Redis, one file per master of
 * {@code INFO} replies one after the other ({@code redis-cli -r -1 -i S INFO}), each dated by its
 * {@code server_time_usec}; for memcached, {@code time=<epoch seconds>} lines each followed by a {@code stats}
 * reply. Each sample is read into the figures {@link Timeline} needs, under names of its own; a cluster's masters
 * are summed sample by sample, the first master's clock dating them.
 */
public final class StoreSamples {

	public static final String TIME = "time";

	public static final String COMMANDS = "commands";

	public static final String MEMORY = "memory";

	public static final String RSS = "rss";

	public static final String NET_IN = "net_in";

	public static final String NET_OUT = "net_out";

	public static final String KEYS = "keys";

	public static final String EVICTED = "evicted";

	public static final String EXPIRED = "expired";

	public static final String HITS = "hits";

	public static final String MISSES = "misses";

	public static final String CLIENTS = "clients";

	public static final String CPU = "cpu";

	public static final String MAXMEMORY = "maxmemory";

	private static final Pattern DB_KEYS = Pattern.compile("(?m)^db\\d+:keys=(\\d+)");

	private StoreSamples() {
	}

	/** The samples of a cluster's masters (or a single Redis), each file's text one master's. */
	public static List<Map<String, Double>> redis(List<String> nodes) {
		List<List<Map<String, Double>>> perNode = new ArrayList<>();
		for (String text : nodes) {
			List<Map<String, Double>> samples = new ArrayList<>();
			for (String reply : text.split("(?m)^# Server\\r?$")) {
				RedisInfo info = RedisInfo.parse(reply);
				Double time = info.doubleValue("server_time_usec");
				if (time != null) {
					samples.add(redisFigures(info, reply, time / 1e6));
				}
			}
			perNode.add(samples);
		}
		return summed(perNode);
	}

	private static Map<String, Double> redisFigures(RedisInfo info, String reply, double time) {
		Map<String, Double> figures = new HashMap<>();
		figures.put(TIME, time);
		figures.put(COMMANDS, info.doubleValue("total_commands_processed"));
		figures.put(MEMORY, info.doubleValue("used_memory"));
		figures.put(RSS, info.doubleValue("used_memory_rss"));
		figures.put(NET_IN, info.doubleValue("total_net_input_bytes"));
		figures.put(NET_OUT, info.doubleValue("total_net_output_bytes"));
		double keys = 0;
		Matcher matcher = DB_KEYS.matcher(reply);
		while (matcher.find()) {
			keys += Double.parseDouble(matcher.group(1));
		}
		figures.put(KEYS, keys);
		figures.put(EVICTED, info.doubleValue("evicted_keys"));
		figures.put(EXPIRED, info.doubleValue("expired_keys"));
		figures.put(HITS, info.doubleValue("keyspace_hits"));
		figures.put(MISSES, info.doubleValue("keyspace_misses"));
		figures.put(CLIENTS, info.doubleValue("connected_clients"));
		Double user = info.doubleValue("used_cpu_user");
		Double sys = info.doubleValue("used_cpu_sys");
		figures.put(CPU, user == null || sys == null ? null : user + sys);
		figures.put(MAXMEMORY, info.doubleValue("maxmemory"));
		return figures;
	}

	/** Memcached's samples: its traffic, items, evictions, hits and CPU; it counts no expiries nor RSS. */
	public static List<Map<String, Double>> memcached(String text) {
		List<Map<String, Double>> samples = new ArrayList<>();
		for (String reply : text.split("(?m)^(?=time=)")) {
			Map<String, Double> stats = new HashMap<>();
			Double time = null;
			for (String line : reply.split("\\r?\\n")) {
				String[] fields = line.strip().split("\\s+");
				if (line.startsWith("time=")) {
					time = number(line.substring(5));
				}
				else if (fields.length == 3 && fields[0].equals("STAT")) {
					stats.put(fields[1], number(fields[2]));
				}
			}
			if (time == null || stats.isEmpty()) {
				continue;
			}
			Map<String, Double> figures = new HashMap<>();
			figures.put(TIME, time);
			figures.put(COMMANDS, sum(stats.get("cmd_get"), stats.get("cmd_set"), stats.get("cmd_touch")));
			figures.put(MEMORY, stats.get("bytes"));
			figures.put(NET_IN, stats.get("bytes_read"));
			figures.put(NET_OUT, stats.get("bytes_written"));
			figures.put(KEYS, stats.get("curr_items"));
			figures.put(EVICTED, stats.get("evictions"));
			figures.put(HITS, stats.get("get_hits"));
			figures.put(MISSES, stats.get("get_misses"));
			figures.put(CLIENTS, stats.get("curr_connections"));
			figures.put(CPU, sum(stats.get("rusage_user"), stats.get("rusage_system")));
			figures.put(MAXMEMORY, stats.get("limit_maxbytes"));
			samples.add(figures);
		}
		return samples;
	}

	/** Sample by sample, the masters' figures added up (as many as the master with fewest), dated by the first. */
	private static List<Map<String, Double>> summed(List<List<Map<String, Double>>> perNode) {
		List<Map<String, Double>> summed = new ArrayList<>();
		if (perNode.isEmpty()) {
			return summed;
		}
		int samples = perNode.stream().mapToInt(List::size).min().orElse(0);
		for (int i = 0; i < samples; i++) {
			Map<String, Double> total = new HashMap<>(perNode.get(0).get(i));
			for (int node = 1; node < perNode.size(); node++) {
				for (Map.Entry<String, Double> figure : perNode.get(node).get(i).entrySet()) {
					Double mine = total.get(figure.getKey());
					if (!figure.getKey().equals(TIME)) {
						Double theirs = figure.getValue();
						total.put(figure.getKey(), mine == null || theirs == null ? null : mine + theirs);
					}
				}
			}
			summed.add(total);
		}
		return summed;
	}

	private static Double sum(Double... values) {
		double total = 0;
		for (Double value : values) {
			if (value == null) {
				return null;
			}
			total += value;
		}
		return total;
	}

	private static Double number(String text) {
		try {
			return Double.valueOf(text.strip());
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
