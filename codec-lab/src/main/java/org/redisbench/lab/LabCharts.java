package org.redisbench.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.redisbench.estimates.Estimate;
import org.redisbench.estimates.EstimateBars;

/**
 * The report's PNG charts, drawn like bench-report's with XChart: one group of bars per codec, one bar per
 * compression. Times carry their 99.9% confidence intervals as error bars.
 */
final class LabCharts {

	static final String REDIS_BYTES = "redis-bytes-per-key.png";

	private LabCharts() {
	}

	/** The chart of an operation's ns/op. */
	static String nanosFile(Operation operation) {
		return "ns-" + operation.column().replace('_', '-') + ".png";
	}

	/** Writes the charts that have a figure; returns their file names. */
	static List<String> write(Path output, List<LabRow> rows) throws IOException {
		List<String> written = new ArrayList<>();
		for (Operation operation : Operation.values()) {
			draw(output, nanosFile(operation), "ns per operation: " + operation.label()
					+ " (error bars: 99.9% confidence interval)", "ns", rows, (row) -> row.nanos(operation), written);
		}
		draw(output, REDIS_BYTES, "Redis bytes per key (used_memory growth - client buffers)", "bytes", rows,
				(row) -> (row.sizes() != null && row.sizes().redisBytesPerKey() != null)
						? new Estimate(row.sizes().redisBytesPerKey(), Double.NaN) : null,
				written);
		return written;
	}

	private static void draw(Path output, String file, String title, String unit, List<LabRow> rows,
			Function<LabRow, Estimate> figure, List<String> written) throws IOException {
		EstimateBars.draw(output, file, title, unit, rows, (row) -> row.setup().codec().id(),
				(row) -> row.setup().compression().toString(), figure, written);
	}

}
