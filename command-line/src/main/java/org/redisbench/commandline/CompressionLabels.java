package org.redisbench.commandline;

import java.util.Iterator;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Named;

/**
 * Every compression's label, as an option's list of candidates (picocli's completionCandidates) names them. Here,
 * beside the command lines, so that value-format, which services take, stays free of picocli.
 */
public final class CompressionLabels implements Iterable<String> {

	@Override
	public Iterator<String> iterator() {
		return Named.labels(Compression.class).iterator();
	}

}
