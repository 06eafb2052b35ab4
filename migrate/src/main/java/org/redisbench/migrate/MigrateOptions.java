package org.redisbench.migrate;

import java.nio.file.Path;

/**
 * What the migrator is to do, read and checked from its command line by {@link MigrateCommand}.
 *
 * @param mode what the run does to the source
 * @param verify whether every matched key is read again afterwards and its format counted
 * @param rate keys a second, over all masters
 * @param batch keys a SCAN page asks for, and so a pipelined round trip of reads and one of replacements
 * @param maxOps pause while the master's {@code instantaneous_ops_per_sec} is above it; 0: never
 * @param maxP99Millis pause while the p99 of the latency probe's PINGs is above it; 0: never
 * @param sample values the dry run's projection measures
 * @param checkpoint where a writing run keeps its SCAN cursors and counts
 * @param classpath the user's classes ({@code --classpath}, as the advisor takes it), empty for none
 * @param allow the classes the values may be built of ({@code --allow}, as the advisor takes it), empty for none
 * @param registrations the file of classes a registering format registers, or {@code null}
 */
record MigrateOptions(String uri, Path caCertificate, String match, String from, String to, Path fromDictionary,
		Path toDictionary, Mode mode, boolean verify, int rate, int batch, long maxOps, double maxP99Millis,
		int maxValueBytes, int sample, long seed, Path checkpoint, Path out, String classpath, String allow,
		Path registrations) {

	/** Whether the values are a user's own objects, not the project's persons: any of the objects' options given. */
	boolean objects() {
		return !this.classpath.isEmpty() || !this.allow.isEmpty() || this.registrations != null;
	}

	enum Mode {

		/** Reads every matched key and projects the memory after; writes nothing. */
		DRY_RUN,

		/** Converts every matched key in the source format. */
		WRITE,

		/** Only counts the formats the matched keys hold. */
		VERIFY_ONLY

	}

}
