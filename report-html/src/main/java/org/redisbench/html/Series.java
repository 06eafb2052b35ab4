package org.redisbench.html;

import java.util.List;

/**
 * One named series of a {@link Chart}, its points in order: a bar's group, a line.
 *
 * @param tone what its colour should say, {@code null} for the next of the chart library's palette
 */
public record Series(String name, List<Point> points, Tone tone) {

	/** A colour that means something: a change for the better or the worse, none, or no verdict at all. */
	public enum Tone {

		/** Green. */
		GOOD,

		/** Red. */
		BAD,

		/** Grey. */
		NEUTRAL,

		/** A light grey: not enough to say. */
		FAINT

	}

	public Series {
		points = List.copyOf(points);
	}

	/** A series in the palette's next colour. */
	public Series(String name, List<Point> points) {
		this(name, points, null);
	}

}
