package org.redisbench.commandline;

import picocli.CommandLine.Option;

/**
 * {@code --build} and {@code --no-build}, which scripts/lib/launcher.sh reads before the program starts (whether
 * to build the jar first): a tool takes them as an argument group so that they stay in its --help and in every
 * documented command line; the program itself does nothing with them.
 */
public final class JarBuild {

	@Option(names = "--build", description = "always build the jar first (the launcher's; REDIS_BENCH_BUILD=always)")
	boolean always;

	@Option(names = "--no-build", description = "never build the jar, run the one there is (REDIS_BENCH_BUILD=never;"
			+ " default: when missing or older than a source)")
	boolean never;

}
