package org.redisbench.commandline;

import picocli.CommandLine.Option;

/**
 * {@code --build} and {@code --no-build}, which scripts/lib/launcher.sh reads before the program starts (whether
 * to build the jar first): a tool takes them as an argument group so that they stay in its --help and in every
 * documented command line. A tool that builds jars of its own (the apps' jars of {@code faults}) builds them as
 * these say too ({@link #policy(String)}).
 */
public final class JarBuild {

	@Option(names = "--build", description = "always build the jar first (the launcher's; REDIS_BENCH_BUILD=always)")
	boolean always;

	@Option(names = "--no-build", description = "never build the jar, run the one there is (REDIS_BENCH_BUILD=never;"
			+ " default: when missing or older than a source)")
	boolean never;

	/** {@code always} for --build, {@code never} for --no-build, else {@code otherwise} (the tool's own setting). */
	public String policy(String otherwise) {
		return this.always ? "always" : this.never ? "never" : otherwise;
	}

}
