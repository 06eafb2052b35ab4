package org.redisbench.advise;

import java.nio.file.Path;
import java.util.List;

import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Placement;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.valueformat.Compression;

/** What the advisor is to do, read and checked from its command line by {@link AdviseCommand}. */
record Options(String uri, Path file, Path caCertificate, String match, int sample, int maxValueBytes, long seed,
		String classpath, String allow, List<String> objects, List<DocumentEncoding> encodings,
		List<Compression> compressions, List<Placement> layouts, Conversion.Dictionary dictionary, Disclosure disclosure,
		Cpu cpu, Path out) {

	/** JMH's settings; {@code forks} 0 runs it in the advisor's own JVM, else each fork with {@code jvmArgs}. */
	record Cpu(boolean run, int forks, int warmupIterations, String warmupTime, int iterations, String iterationTime,
			List<String> jvmArgs) {
	}

	/** Whether the user gave classes to read their values with: then nothing read is bad input. */
	boolean classesGiven() {
		return !this.classpath.isBlank() || !this.allow.isBlank();
	}

}
