package org.redisbench.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.tooloutput.CsvFile;
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
		CsvFile.write(output.resolve(CSV), columns.isEmpty() ? List.of() : List.copyOf(columns.get(0).keySet()), columns);
	}

}
