package org.redisbench.tooloutput;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The project's own tables as CSV, written one way by every tool (summary.csv, over-time.csv, codecs.csv,
 * advice.csv): a header line, then a line a row, a cell quoted only when it must be (RFC 4180), a missing one empty,
 * numbers without an exponent so that every spreadsheet reads them as the numbers they are.
 */
public final class CsvFile {

	private CsvFile() {
	}

	/**
	 * Writes {@code rows} to {@code file} under {@code columns}, each row's cells taken by those names; no columns
	 * (a run that measured nothing) write an empty file.
	 */
	public static void write(Path file, List<String> columns, List<? extends Map<String, ?>> rows) {
		StringBuilder csv = new StringBuilder();
		if (!columns.isEmpty()) {
			csv.append(String.join(",", columns)).append('\n');
		}
		for (Map<String, ?> row : rows) {
			csv.append(columns.stream().map((column) -> cell(row.get(column))).collect(Collectors.joining(",")))
				.append('\n');
		}
		try {
			Files.writeString(file, csv, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file + ": " + ex, ex);
		}
	}

	/** One cell: empty for {@code null} or a number that is not finite. */
	public static String cell(Object value) {
		if (value == null) {
			return "";
		}
		String text = value instanceof Double number ? plain(number) : value.toString();
		return text.matches("[^\",\\r\\n]*") ? text : '"' + text.replace("\"", "\"\"") + '"';
	}

	private static String plain(double value) {
		return Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString() : "";
	}

}
