package org.redisbench.bench;

import org.redisbench.commandline.CommandLines;

/**
 * {@code redis-bench cluster} as the launcher runs it, for {@link ClusterCommandTest} to start in a JVM of its own:
 * the nodes of {@code start} must outlive it.
 */
public final class ClusterMain {

	private ClusterMain() {
	}

	public static void main(String[] args) {
		CommandLines.main(new ClusterCommand(), args);
	}

}
