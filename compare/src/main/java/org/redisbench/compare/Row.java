package org.redisbench.compare;

/**
 * One figure of one variant, in both runs, and how it changed.
 *
 * @param variant the variant's name, or both names when they differ ({@link Pair#label()})
 */
record Row(String variant, ComparedFigure figure, Samples base, Samples next, Change change) {

	/** The test, and on what, for a reader: {@code Mann–Whitney U, exact; batch means of 6 per-second samples}. */
	String test() {
		String method = this.change.exact() ? "exact" : "normal approximation"
				+ (Math.max(this.base.size(), this.next.size()) >= Change.EXACT_BELOW ? "" : ", tied values");
		return "Mann–Whitney U (" + method + ") on " + this.base.kind().plural();
	}

}
