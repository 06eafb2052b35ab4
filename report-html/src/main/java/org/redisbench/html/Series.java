package org.redisbench.html;

import java.util.List;

/** One named series of a {@link Chart}, its points in order: a bar's group, a line. */
public record Series(String name, List<Point> points) {

	public Series {
		points = List.copyOf(points);
	}

}
