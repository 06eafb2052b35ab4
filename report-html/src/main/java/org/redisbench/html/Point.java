package org.redisbench.html;

/**
 * A point of a {@link Series}: at a labelled category, with the range it stands for when it is a median or an
 * estimate, or at a numeric x. Values are finite: a figure a writer does not have is a point it leaves out.
 */
public sealed interface Point permits Point.Labelled, Point.Xy {

	/** The y value. */
	double value();

	static Labelled of(String label, double value) {
		return new Labelled(label, value, null);
	}

	/** A median between the lowest and highest run, or an estimate and its interval: the tooltip shows both. */
	static Labelled of(String label, double value, double low, double high) {
		return new Labelled(label, value, new Range(low, high));
	}

	static Xy xy(double x, double y) {
		return new Xy(x, y);
	}

	/** @param range what the value stands for, or {@code null} for a value alone */
	record Labelled(String label, double value, Range range) implements Point {

		public Labelled {
			finite(value);
			if (range != null) {
				finite(range.low());
				finite(range.high());
			}
		}

	}

	record Xy(double x, double value) implements Point {

		public Xy {
			finite(x);
			finite(value);
		}

	}

	/** From the lowest to the highest. */
	record Range(double low, double high) {
	}

	private static void finite(double number) {
		if (!Double.isFinite(number)) {
			throw new IllegalArgumentException("a chart's point needs a finite number, not " + number);
		}
	}

}
