package org.redisbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** summary.csv and summary.json: the same records, with the columns of {@link SummaryRecord#columns()}. */
final class SummaryFiles {

	static final String CSV = "summary.csv";

	static final String JSON = "summary.json";

	private SummaryFiles() {
	}

	static void write(Path output, List<SummaryRecord> records) {
		List<Map<String, Object>> rows = records.stream().map(SummaryRecord::columns).toList();
		JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
		mapper.writeValue(output.resolve(JSON).toFile(), rows);
		StringBuilder csv = new StringBuilder();
		csv.append(String.join(",", columnNames(records))).append('\n');
		for (Map<String, Object> row : rows) {
			csv.append(row.values().stream().map(SummaryFiles::csvCell).collect(Collectors.joining(","))).append('\n');
		}
		try {
			Files.writeString(output.resolve(CSV), csv, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Iterable<String> columnNames(List<SummaryRecord> records) {
		return (records.isEmpty() ? SummaryRecord.notMeasured(Variant.published(""), Phase.NOOP, 0, 0, 0, "") : records.get(0)).columns().keySet();
	}

	static String csvCell(Object value) {
		if (value == null) {
			return "";
		}
		String text = value instanceof Double d ? plain(d) : value.toString();
		return text.matches("[^\",\\r\\n]*") ? text : '"' + text.replace("\"", "\"\"") + '"';
	}

	/** Without exponent, so that every spreadsheet reads it as the number it is. */
	private static String plain(double value) {
		return Double.isFinite(value) ? java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString() : "";
	}

}
