package org.redisbench.estimates;

/**
 * A JMH score with its error: the half-width of its 99.9% confidence interval. JMH gives no interval (NaN)
 * for fewer than 3 measurement iterations.
 */
public record Estimate(double score, double error) {

	public boolean hasInterval() {
		return Double.isFinite(this.error);
	}

	public double lower() {
		return this.score - this.error;
	}

	public double upper() {
		return this.score + this.error;
	}

	/** Whether the two intervals share a point; only intervals that do not may be called different. */
	public boolean overlaps(Estimate other) {
		return lower() <= other.upper() && other.lower() <= upper();
	}

}
