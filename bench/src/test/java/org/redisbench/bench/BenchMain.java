package org.redisbench.bench;

import org.redisbench.commandline.CommandLines;

/** {@code redis-bench bench} as the launcher runs it, for {@link BenchProcess} to start in a JVM of its own. */
public final class BenchMain {

	private BenchMain() {
	}

	public static void main(String[] args) {
		CommandLines.main(new BenchCommand(), args);
	}

}
