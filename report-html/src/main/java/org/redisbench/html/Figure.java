package org.redisbench.html;

/**
 * A headline figure of a run, which index.html lists and sets beside another run's of the same group and name.
 *
 * @param group what it is a figure of: a variant, a codec and compression, a candidate and layout
 * @param name what the figure is: {@code /add req/s}
 * @param unit its unit: {@code req/s}, {@code bytes}, {@code ms}
 */
public record Figure(String group, String name, String unit, double value) {

	public Figure {
		if (!Double.isFinite(value)) {
			throw new IllegalArgumentException("figure '" + group + " " + name + "' is not a finite number: " + value);
		}
	}

}
