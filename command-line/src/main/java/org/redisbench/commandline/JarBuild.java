package org.redisbench.commandline;

import picocli.CommandLine.Option;

/**
 * {@code --build} and {@code --no-build}, which scripts/lib/launcher.sh reads before the program starts (whether
 * to build the jar first): a tool takes them as an argument group so that they stay in its --help and in every
 * documented command line. A tool that runs an app's jar builds it by the same flags ({@link #policy}).
 */
public final class JarBuild {

	@Option(names = "--build", description = "always build the jar first (the launcher's; REDIS_BENCH_BUILD=always)")
	boolean always;

	@Option(names = "--no-build", description = "never build the jar, run the one there is (REDIS_BENCH_BUILD=never;"
			+ " default: when missing or older than a source)")
	boolean never;

	/**
	 * What scripts/lib/apps.sh's build_jars is told of a jar the tool builds itself (an app's): {@code always} or
	 * {@code never} as the flags say, else {@code otherwise} (a setting of the environment's, e.g. {@code auto}).
	 */
	public String policy(String otherwise) {
		return this.always ? "always" : this.never ? "never" : otherwise;
	}

}
