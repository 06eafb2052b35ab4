package org.redisbench.tooloutput;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Redis's {@code LATENCY LATEST} as redis-cli prints it off a terminal, one element a line: per event (such as
 * {@code command} or {@code expire-cycle}) its name, the time of its latest spike, that spike's ms and the most ms any
 * spike of it took since the monitor's last {@code LATENCY RESET}. Only spikes over the monitor's threshold
 * ({@code latency-monitor-threshold}) are events at all.
 */
public final class RedisLatency {

	private RedisLatency() {
	}

	/** One spike of an event: the second Redis logged it in (unix time, Redis's resolution) and its ms. */
	public record Spike(String event, long unixSecond, long ms) {
	}

	/**
	 * {@code LATENCY HISTORY <event>} as redis-cli prints it off a terminal, a second and its ms a line each, oldest
	 * first (Redis keeps the latest 160); none for an empty reply, an error, or a spike cut short.
	 */
	public static List<Spike> history(String event, String reply) {
		List<Spike> spikes = new ArrayList<>();
		List<Long> numbers = new ArrayList<>();
		for (String line : reply.split("\\R")) {
			String element = line.strip();
			if (element.isEmpty()) {
				continue;
			}
			if (!element.matches("[0-9]+")) {
				return List.of();
			}
			numbers.add(Long.parseLong(element));
		}
		if (numbers.size() % 2 != 0) {
			return List.of();
		}
		for (int i = 0; i < numbers.size(); i += 2) {
			spikes.add(new Spike(event, numbers.get(i), numbers.get(i + 1)));
		}
		return spikes;
	}

	/** Each event's most ms, in the order printed; none for an empty reply, an error, or an event cut short. */
	public static Map<String, Long> maxMs(String latest) {
		Map<String, Long> max = new LinkedHashMap<>();
		String event = null;
		List<Long> numbers = new ArrayList<>();
		for (String line : latest.split("\\R")) {
			String element = line.strip();
			if (element.isEmpty()) {
				continue;
			}
			if (element.matches("[0-9]+")) {
				numbers.add(Long.parseLong(element));
				if (event != null && numbers.size() == 3) {
					max.put(event, numbers.get(2));
					event = null;
				}
			}
			else if (element.matches("[a-z][a-z0-9-]*")) {
				event = element;
				numbers.clear();
			}
			else {
				return Map.of();
			}
		}
		return max;
	}

}
