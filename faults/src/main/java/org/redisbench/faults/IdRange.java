package org.redisbench.faults;

/**
 * The ids of one batch as the apps name them in {@code Person-Ids}: {@code first-last}, both included.
 *
 * @param first the first id
 * @param last the last id, not below {@code first}
 */
record IdRange(long first, long last) implements Comparable<IdRange> {

	IdRange {
		if (first < 1 || last < first) {
			throw new IllegalArgumentException("not an id range: " + first + "-" + last);
		}
	}

	static IdRange parse(String text) {
		int dash = text.indexOf('-');
		if (dash < 0) {
			throw new IllegalArgumentException("not an id range FIRST-LAST: '" + text + "'");
		}
		return new IdRange(Long.parseLong(text.substring(0, dash)), Long.parseLong(text.substring(dash + 1)));
	}

	@Override
	public int compareTo(IdRange other) {
		int byFirst = Long.compare(this.first, other.first);
		return byFirst != 0 ? byFirst : Long.compare(this.last, other.last);
	}

	@Override
	public String toString() {
		return this.first + "-" + this.last;
	}

}
