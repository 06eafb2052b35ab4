package org.redisbench.corpus;

/** One kind of value the service writes, through Spring's own machinery, values 1..N. */
public interface Corpus {

	/** Writes value {@code id}. */
	void write(long id);

	/** A {@code SCAN} pattern that matches every key written, and nothing the other corpora write. */
	String keyPattern();

}
