package org.redisbench.fill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.redisbench.model.RedisBytes;

/**
 * The plan before a large fill: each node's {@code used_memory} once the fill is done, from what a sample of the range
 * cost a person ({@link Sample}, in a Redis of our own with the target's settings, cluster-enabled for a cluster),
 * and whether it fits under every node's {@code maxmemory} and, for a target on this machine, in MemAvailable less a
 * headroom; if not, the largest fill that does.
 * <p>
 * A node gets its share of the persons (its slots' part of a cluster's). Per person it grows by the sample's bytes,
 * which leave out the key tables: those Redis grows by doubling, not by key ({@link RedisBytes#tableBytes}), one for
 * the keys and, with a time to live, one more for the expiry table. While the last doubling rehashes, the old slot
 * array, half the new, is still there: the node's peak. The sample's uncertainty scales with the persons.
 */
final class FillPlan {

	/** A cluster's slots: a single Redis serves all of them. */
	static final int SLOTS = 16384;

	private static final double MEGABYTE = 1e6;

	private static final double GIGABYTE = 1e9;

	/**
	 * What a person cost in the sample, without the key tables.
	 *
	 * @param error two standard errors of the sample rounds' figures
	 * @param keysPerPerson 1 for a key per person, about 1/100 for hash buckets
	 */
	record Cost(double bytes, double error, double keysPerPerson) {
	}

	/**
	 * A node written to, as the plan found it.
	 *
	 * @param keys its keys in the database filled
	 * @param maxmemory 0: none
	 * @param slots the slots it serves: {@link #SLOTS} for a single Redis
	 */
	record Node(String name, long used, long keys, long maxmemory, String policy, int slots) {

		double persons(long fill) {
			return (double) fill * this.slots / SLOTS;
		}

	}

	private final Cost cost;

	private final List<Node> nodes;

	private final int tables;

	private final long available;

	private final long headroom;

	/**
	 * @param expiring whether the persons have a time to live: an expiry table beside the key table
	 * @param available MemAvailable of this machine, for a target on it; below 0: the target is elsewhere
	 * @param headroom what a local fill leaves available beyond the plan
	 */
	FillPlan(Cost cost, List<Node> nodes, boolean expiring, long available, long headroom) {
		this.cost = cost;
		this.nodes = List.copyOf(nodes);
		this.tables = expiring ? 2 : 1;
		this.available = available;
		this.headroom = headroom;
	}

	/** What the node's used_memory grows by once the fill is done and its tables settled. */
	double growth(Node node, long fill) {
		double tables = tableBytes(node, fill) - RedisBytes.tableBytes(node.keys());
		return node.persons(fill) * this.cost.bytes() + this.tables * tables;
	}

	/** The growth while the last doubling of the tables rehashes, if the fill doubles them. */
	double peak(Node node, long fill) {
		double after = tableBytes(node, fill);
		boolean doubled = after > RedisBytes.tableBytes(node.keys());
		return growth(node, fill) + (doubled ? this.tables * after / 2 : 0);
	}

	/** The sample's uncertainty for the node's persons. */
	double error(Node node, long fill) {
		return node.persons(fill) * this.cost.error();
	}

	private double tableBytes(Node node, long fill) {
		return RedisBytes.tableBytes(node.keys() + node.persons(fill) * this.cost.keysPerPerson());
	}

	/** What the fill takes of this machine's memory at its peak, with the uncertainty. */
	double local(long fill) {
		return this.nodes.stream().mapToDouble((node) -> peak(node, fill) + error(node, fill)).sum();
	}

	/** Whether every node stays under its maxmemory at its peak, and a local fill leaves the headroom available. */
	boolean fits(long fill) {
		for (Node node : this.nodes) {
			if (node.maxmemory() > 0 && node.used() + peak(node, fill) + error(node, fill) > node.maxmemory()) {
				return false;
			}
		}
		return this.available < 0 || local(fill) + this.headroom <= this.available;
	}

	/** The largest fill of at most {@code fill} persons that fits: the more persons, the more memory. */
	long largest(long fill) {
		if (fits(fill)) {
			return fill;
		}
		long fitting = 0;
		long failing = fill;
		while (failing - fitting > 1) {
			long middle = fitting + (failing - fitting) / 2;
			if (fits(middle)) {
				fitting = middle;
			}
			else {
				failing = middle;
			}
		}
		return fitting;
	}

	/** The plan's lines for a fill of {@code persons} ({@code what}: its codec, compression and layout). */
	List<String> report(long persons, String what) {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT,
				"plan: %d persons (%s) at %.2f +- %.2f bytes each (2 standard errors of the sample rounds)", persons,
				what, this.cost.bytes(), this.cost.error()));
		for (Node node : this.nodes) {
			lines.add(String.format(Locale.ROOT, "plan: %s: used_memory %s now, projected %s +- %s (peak %s)%s",
					node.name(), size(node.used()), size(node.used() + growth(node, persons)),
					size(error(node, persons)), size(node.used() + peak(node, persons)),
					(node.maxmemory() > 0)
							? String.format(Locale.ROOT, ", maxmemory %s (%s)", size(node.maxmemory()), node.policy())
							: ", no maxmemory"));
		}
		if (this.available >= 0) {
			lines.add(String.format(Locale.ROOT,
					"plan: local: the fill needs %s at its peak with the uncertainty, %s headroom; MemAvailable %s",
					size(local(persons)), size(this.headroom), size(this.available)));
		}
		long largest = largest(persons);
		lines.add((largest == persons) ? "plan: fits"
				: "plan: does not fit; the largest fill that does: " + largest + " persons");
		return lines;
	}

	/**
	 * Megabytes to a kilobyte below 100 MB, where a fill small enough to check the plan against lands; gigabytes to
	 * ten megabytes above.
	 */
	static String size(double bytes) {
		return (bytes < 100 * MEGABYTE) ? String.format(Locale.ROOT, "%.3f MB", bytes / MEGABYTE)
				: String.format(Locale.ROOT, "%.2f GB", bytes / GIGABYTE);
	}

	/** MemAvailable from a meminfo file, in bytes. */
	static long memAvailable(Path meminfo) {
		try {
			return Files.readAllLines(meminfo)
				.stream()
				.filter((line) -> line.startsWith("MemAvailable:"))
				.map((line) -> Long.parseLong(line.replaceAll("\\D", "")) * 1024)
				.findFirst()
				.orElseThrow(() -> new IllegalStateException(meminfo + " has no MemAvailable"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
