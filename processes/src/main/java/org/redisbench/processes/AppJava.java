package org.redisbench.processes;

import java.util.ArrayList;
import java.util.List;

/**
 * The java that runs an app: its command ({@code java} of the PATH, or a JDK's by its path, e.g.
 * {@code /usr/lib/jvm/temurin-25-jdk-amd64/bin/java}), the prefix placing it (e.g. {@code ip netns exec NS}; empty:
 * here), and the JVM options the app gets, which a training that records how the app runs runs with too.
 */
public record AppJava(List<String> placement, String command, List<String> options) {

	public AppJava {
		placement = List.copyOf(placement);
		options = List.copyOf(options);
	}

	/** The java of the PATH, here, without options. */
	public static AppJava onThePath() {
		return new AppJava(List.of(), "java", List.of());
	}

	/** The command where the app runs: the prefix, then java. */
	public List<String> placed() {
		List<String> placed = new ArrayList<>(this.placement);
		placed.add(this.command);
		return List.copyOf(placed);
	}

	/**
	 * The command here. A prefix runs its program on this host, with its files (its PID is sampled in /proc): the
	 * same java, where this JVM reaches what it starts on loopback.
	 */
	public List<String> unplaced() {
		return List.of(this.command);
	}

}
