package org.redisbench.footprint;

import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.Compression;

/** One encoding (a JSON encoding or a typed codec) with one compression: what the values would be stored as. */
public record Candidate(Form form, Compression compression) {

	/** A JSON encoding's and a typed codec's ids may be the same ({@code smile}): a typed one's says so. */
	private static final String TYPED = "objects:";

	/** ENCODING+COMPRESSION, the typed codecs' as objects:ID+COMPRESSION: the candidate's key, JMH's parameter. */
	public String id() {
		return (this.form.typed() ? TYPED : "") + this.form.id() + "+" + this.compression;
	}

	/** ENCODING+COMPRESSION as a report names it, a typed codec's id as it is ({@code kryo-registered+zstd}). */
	public String label() {
		return this.form.id() + "+" + this.compression;
	}

	/** @throws Refusal for a typed candidate's id or an unknown one: JMH's JSON candidates only */
	public static Candidate byId(String id) {
		int plus = id.indexOf('+');
		if (plus < 0) {
			throw new Refusal("a candidate is ENCODING+COMPRESSION, not '" + id + "'");
		}
		return new Candidate(DocumentEncoding.byId(id.substring(0, plus)), Conversion.compression(id.substring(plus + 1)));
	}

}
