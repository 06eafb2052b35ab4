package org.redisbench.advise;

import org.redisbench.model.Compression;

/** One encoding with one compression: what the values would be stored as. */
record Candidate(Encoding encoding, Compression compression) {

	String id() {
		return this.encoding.id() + "+" + this.compression;
	}

	static Candidate byId(String id) {
		int plus = id.indexOf('+');
		if (plus < 0) {
			throw new AdviceException("a candidate is ENCODING+COMPRESSION, not '" + id + "'");
		}
		return new Candidate(Encoding.byId(id.substring(0, plus)), Conversion.compression(id.substring(plus + 1)));
	}

}
