package org.redisbench.advise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.redisbench.estimates.Estimate;
import org.redisbench.estimates.EstimateBars;
import org.redisbench.footprint.Placement;

/** The report's charts, drawn like the codec lab's with XChart: a bar a candidate, a series a layout. */
final class AdviceCharts {

	static final String BYTES = "redis-bytes-per-value.png";

	static final String DECODE = "decode-ns.png";

	private AdviceCharts() {
	}

	/** Writes the charts that have a figure; returns their file names. */
	static List<String> write(Path out, List<AdviceRow> rows) {
		List<String> written = new ArrayList<>();
		draw(out, BYTES, "Redis bytes a value at the source's size (error bars: split-halves spread)", "bytes", rows,
				(row) -> new Estimate(row.footprint().perValue(), row.footprint().spread()), written);
		List<AdviceRow> keyRows = rows.stream().filter((row) -> row.layout() == Placement.KEY).toList();
		draw(out, DECODE, "decode ns a value (error bars: 99.9% confidence interval)", "ns", keyRows,
				AdviceRow::decodeNanos, written);
		return written;
	}

	private static void draw(Path out, String file, String title, String unit, List<AdviceRow> rows,
			Function<AdviceRow, Estimate> figure, List<String> written) {
		try {
			EstimateBars.draw(out, file, title, unit, rows, (row) -> row.candidate().id(), (row) -> row.layout().label,
					(row) -> row.measured() ? figure.apply(row) : null, written);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
