package org.redisbench.report.sections;

import java.util.Locale;
import java.util.function.DoubleFunction;

import org.redisbench.model.Spread;

/** report.md as it is written, and the one way every section prints a table and a figure. */
public final class Markdown {

	private final StringBuilder text = new StringBuilder();

	public void line(String format, Object... args) {
		this.text.append(args.length == 0 ? format : String.format(Locale.ROOT, format, args)).append('\n');
	}

	public void line() {
		this.text.append('\n');
	}

	/** A table row: {@code | a | b |}; an empty cell is {@code | |}. */
	public void row(Object... cells) {
		StringBuilder row = new StringBuilder("|");
		for (Object cell : cells) {
			String text = String.valueOf(cell);
			row.append(text.isEmpty() ? "" : " " + text).append(" |");
		}
		line(row.toString());
	}

	/** Text for a table cell: a bar inside it would end the cell. */
	public static String cell(String text) {
		return text.replace("|", "\\|");
	}

	/** A table's header row and its rule. */
	public void header(String... columns) {
		row((Object[]) columns);
		line("|" + "---|".repeat(columns.length));
	}

	public String text() {
		return this.text.toString();
	}

	/** The median, with the lowest and highest run in brackets when there was more than one. */
	public static String spread(Spread spread, DoubleFunction<String> format) {
		if (spread == null) {
			return "–";
		}
		String median = format.apply(spread.median());
		if (spread.runs() == 1) {
			return median;
		}
		String min = format.apply(spread.min());
		String max = format.apply(spread.max());
		return min.equals(max) ? median + " (all " + spread.runs() + " runs)" : median + " (" + min + "–" + max + ")";
	}

	public static String spread(Spread spread) {
		return spread(spread, Markdown::num);
	}

	public static String opt(Number value) {
		return value == null ? "–" : value instanceof Double d ? num(d) : value.toString();
	}

	public static String num(double value) {
		double magnitude = Math.abs(value);
		String pattern = magnitude >= 1000 ? "%,.0f" : magnitude >= 100 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
		return String.format(Locale.ROOT, pattern, value);
	}

	/** A count: whole, with thousands separators. */
	public static String count(double value) {
		return String.format(Locale.ROOT, "%,.0f", value);
	}

	public static String bytes(double value) {
		String[] units = { "B", "KiB", "MiB", "GiB" };
		int unit = 0;
		while (Math.abs(value) >= 1024 && unit < units.length - 1) {
			value /= 1024;
			unit++;
		}
		return String.format(Locale.ROOT, unit == 0 ? "%.0f %s" : "%.2f %s", value, units[unit]);
	}

	/** How the second figure compares with the first, in percent. */
	public static String difference(Spread from, Spread to) {
		if (from == null || to == null || from.median() == 0) {
			return "–";
		}
		return String.format(Locale.ROOT, "%+.1f%%", (to.median() - from.median()) / from.median() * 100);
	}

}
