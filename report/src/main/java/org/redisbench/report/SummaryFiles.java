package org.redisbench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.redisbench.runresults.Phase;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;
import org.redisbench.tooloutput.CsvFile;
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
		CsvFile.write(output.resolve(CSV), columnNames(records), rows);
	}

	private static List<String> columnNames(List<SummaryRecord> records) {
		return (records.isEmpty() ? SummaryRecord.notMeasured(Variant.published(""), Phase.NOOP, 0, 0, 0, "") : records.get(0)).columns().keySet().stream().toList();
	}

}
