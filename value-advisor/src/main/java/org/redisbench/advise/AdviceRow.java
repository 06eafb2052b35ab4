package org.redisbench.advise;

import org.redisbench.estimates.Estimate;
import org.redisbench.footprint.Candidate;
import org.redisbench.footprint.Fidelity;
import org.redisbench.footprint.Footprint;
import org.redisbench.footprint.Placement;

/**
 * One candidate in one layout: what its values weigh, what Redis holds for them, and, beside, what the
 * candidate costs in CPU per value (the same in every layout).
 *
 * @param unavailableBecause why it was not measured (zstd could not train a dictionary), or {@code null}
 */
record AdviceRow(Candidate candidate, Placement layout, SizeDistribution stored, Fidelity fidelity, int dictionaryBytes,
		Footprint footprint, Estimate encodeNanos, Estimate decodeNanos, String unavailableBecause) {

	boolean measured() {
		return this.unavailableBecause == null && this.footprint != null;
	}

	/** A candidate that changed a value on the way back, or could not carry one, is never advised. */
	boolean faithful() {
		return this.fidelity.faithful();
	}

	/** The same row with its CPU figures. */
	AdviceRow timed(Estimate encode, Estimate decode) {
		return new AdviceRow(this.candidate, this.layout, this.stored, this.fidelity, this.dictionaryBytes,
				this.footprint, encode, decode, this.unavailableBecause);
	}

}
