package org.redisbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.redisbench.commandline.Refusal;

/**
 * --cpu-placement: the CPUs each process the run starts may run on, e.g. {@code redis=0,app=1,generator=1}, as
 * {@code taskset -c} takes a list ({@code 0}, {@code 0-1}, {@code 0,2}). Each is started under {@code taskset -c LIST},
 * whose affinity every thread it starts inherits, so no thread runs elsewhere; a process not named runs where the
 * kernel puts it. {@code redis} is every store process (redis-server, the cluster's nodes, memcached), {@code app} the
 * app, {@code generator} the open-loop generator.
 *
 * @param lists each name's CPU list as given, in the order given
 */
public record CpuPlacement(Map<String, String> lists) {

	public static final String REDIS = "redis";

	public static final String APP = "app";

	public static final String GENERATOR = "generator";

	public static final CpuPlacement NONE = new CpuPlacement(Map.of());

	private static final List<String> NAMES = List.of(REDIS, APP, GENERATOR);

	private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");

	public CpuPlacement {
		lists = Collections.unmodifiableMap(new LinkedHashMap<>(lists));
	}

	/**
	 * {@code NAME=LIST[,NAME=LIST]...}; empty: none. Refused: an unknown name, one given twice, a list taskset would not
	 * take, a CPU not among {@code online}.
	 */
	static CpuPlacement parse(String text, Set<Integer> online) {
		Map<String, String> lists = new LinkedHashMap<>();
		String name = null;
		List<String> parts = new ArrayList<>();
		// A list's own commas continue it: redis=0,2,app=1 is redis on 0 and 2.
		for (String item : text.strip().isEmpty() ? new String[0] : text.strip().split(",", -1)) {
			int equals = item.indexOf('=');
			if (equals >= 0) {
				put(lists, name, parts, online);
				name = item.substring(0, equals).strip();
				parts = new ArrayList<>(List.of(item.substring(equals + 1).strip()));
			}
			else if (name == null) {
				throw new Refusal("--cpu-placement is NAME=CPUS,..., e.g. redis=0,app=1,generator=1; was '" + text
						+ "'");
			}
			else {
				parts.add(item.strip());
			}
		}
		put(lists, name, parts, online);
		return new CpuPlacement(lists);
	}

	private static void put(Map<String, String> lists, String name, List<String> parts, Set<Integer> online) {
		if (name == null) {
			return;
		}
		if (!NAMES.contains(name)) {
			throw new Refusal("--cpu-placement: unknown process '" + name + "' (one of: " + String.join(",", NAMES)
					+ ")");
		}
		if (lists.containsKey(name)) {
			throw new Refusal("--cpu-placement: " + name + " given twice");
		}
		String list = String.join(",", parts);
		Set<Integer> cpus = cpus(list, "--cpu-placement: " + name + "'s CPUs");
		cpus.removeAll(online);
		if (!cpus.isEmpty()) {
			throw new Refusal("--cpu-placement: " + name + "'s CPUs " + list + " are not all online here (online: "
					+ text(online) + ")");
		}
		lists.put(name, list);
	}

	/** A CPU list as taskset -c and /sys/devices/system/cpu/online give it: {@code 0-3,6}. */
	static Set<Integer> cpus(String list, String what) {
		Set<Integer> cpus = new TreeSet<>();
		for (String range : list.split(",", -1)) {
			if (!range.strip().matches("[0-9]{1,4}(-[0-9]{1,4})?")) {
				throw new Refusal(what + " are a list such as 0, 0-1 or 0,2; was '" + list + "'");
			}
			String[] ends = range.strip().split("-");
			int first = Integer.parseInt(ends[0]);
			int last = Integer.parseInt(ends[ends.length - 1]);
			if (last < first) {
				throw new Refusal(what + ": " + range.strip() + " runs backwards");
			}
			for (int cpu = first; cpu <= last; cpu++) {
				cpus.add(cpu);
			}
		}
		return cpus;
	}

	/** This machine's online CPUs, as the kernel lists them. */
	static Set<Integer> online() {
		try {
			return cpus(Files.readString(ONLINE).strip(), ONLINE.toString());
		}
		catch (IOException ex) {
			throw new Refusal("--cpu-placement needs the online CPUs, and " + ONLINE + " cannot be read: "
					+ ex.getMessage());
		}
	}

	public boolean isEmpty() {
		return this.lists.isEmpty();
	}

	/** Whether it pins that process. */
	public boolean pins(String name) {
		return this.lists.containsKey(name);
	}

	/** The CPU list of that process, if pinned. */
	public Optional<String> of(String name) {
		return Optional.ofNullable(this.lists.get(name));
	}

	/** {@code command} started on that process's CPUs ({@code taskset -c LIST command}), or as it is. */
	public List<String> pinned(String name, List<String> command) {
		if (!pins(name)) {
			return command;
		}
		List<String> pinned = new ArrayList<>(List.of("taskset", "-c", this.lists.get(name)));
		pinned.addAll(command);
		return List.copyOf(pinned);
	}

	/** As given, for settings.env: {@code redis=0,app=1,generator=1}; empty for none. */
	public String text() {
		return this.lists.entrySet().stream().map((pin) -> pin.getKey() + "=" + pin.getValue())
			.collect(Collectors.joining(","));
	}

	private static String text(Set<Integer> cpus) {
		return new TreeSet<>(cpus).stream().map(String::valueOf).collect(Collectors.joining(","));
	}

}
