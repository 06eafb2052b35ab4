package org.redisbench.valueformat;

import java.util.Iterator;

/** Every compression's label, as an option's list of candidates (picocli's completionCandidates) names them. */
public final class CompressionLabels implements Iterable<String> {

	@Override
	public Iterator<String> iterator() {
		return Compression.labels().iterator();
	}

}
