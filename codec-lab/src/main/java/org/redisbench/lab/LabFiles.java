package org.redisbench.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** codecs.csv (the rows) and codecs.json (the run, JMH's settings and the rows), with {@link LabRow#columns()}. */
final class LabFiles {

	static final String CSV = "codecs.csv";

	static final String JSON = "codecs.json";

	private LabFiles() {
	}

	static void write(Path output, Map<String, String> run, JmhResults.Settings jmh, List<LabRow> rows)
			throws IOException {
		List<Map<String, Object>> columns = rows.stream().map(LabRow::columns).toList();
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("run", run);
		json.put("jmh", jmh);
		json.put("rows", columns);
		JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValue(output.resolve(JSON).toFile(),
				json);
		StringBuilder csv = new StringBuilder();
		if (!columns.isEmpty()) {
			csv.append(String.join(",", columns.get(0).keySet())).append('\n');
		}
		for (Map<String, Object> row : columns) {
			csv.append(row.values().stream().map(LabFiles::cell).collect(Collectors.joining(","))).append('\n');
		}
		Files.writeString(output.resolve(CSV), csv, StandardCharsets.UTF_8);
	}

	/** Quoted only when it must be; numbers without an exponent, so that every spreadsheet reads them. */
	private static String cell(Object value) {
		if (value == null) {
			return "";
		}
		String text = (value instanceof Double number) ? java.math.BigDecimal.valueOf(number).stripTrailingZeros()
			.toPlainString() : value.toString();
		return text.matches("[^\",\\r\\n]*") ? text : '"' + text.replace("\"", "\"\"") + '"';
	}

}
