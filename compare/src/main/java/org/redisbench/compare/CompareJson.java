package org.redisbench.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * compare.json: everything compare.md shows, as data for a page to draw (each figure's values in both runs, its change
 * with the interval, the verdict). Runs are referred to by their index in {@code runs}, the base first.
 */
final class CompareJson {

	static final String FILE = "compare.json";

	private CompareJson() {
	}

	static void write(Path file, Comparisons all) {
		JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
		mapper.writeValue(file.toFile(), tree(all));
	}

	static Map<String, Object> tree(Comparisons all) {
		Map<String, Object> root = new LinkedHashMap<>();
		root.put("alpha", all.alpha());
		root.put("confidence", 1 - all.alpha());
		List<Map<String, Object>> runs = new ArrayList<>();
		for (int i = 0; i < all.runs().size(); i++) {
			RunFolder run = all.runs().get(i);
			Map<String, Object> entry = new LinkedHashMap<>();
			entry.put("role", i == 0 ? "base" : i == all.runs().size() - 1 ? "new" : "between");
			entry.put("name", run.name());
			entry.put("path", run.path().toAbsolutePath().normalize().toString());
			entry.put("commit", run.commit());
			entry.put("started", run.started());
			entry.put("variants", run.variants());
			entry.put("facts", run.facts());
			runs.add(entry);
		}
		root.put("runs", runs);
		root.put("differences", all.differences().differing().stream().map(CompareJson::fact).toList());
		root.put("same", all.differences().same().stream().map(CompareJson::fact).toList());
		root.put("settings_same", all.differences().settingsSame());
		List<Map<String, Object>> comparisons = new ArrayList<>();
		for (Comparison comparison : all.comparisons()) {
			Map<String, Object> entry = new LinkedHashMap<>();
			entry.put("base", 0);
			entry.put("new", all.runs().indexOf(comparison.next()));
			entry.put("common_variants", comparison.pairs().stream().map(Pair::label).toList());
			entry.put("pairs", comparison.pairs().stream().map(CompareJson::pair).toList());
			entry.put("only_in_base", comparison.onlyInBase());
			entry.put("only_in_new", comparison.onlyInNext());
			entry.put("rows", comparison.rows().stream().map(CompareJson::row).toList());
			comparisons.add(entry);
		}
		root.put("comparisons", comparisons);
		if (all.failAbove() != null) {
			Map<String, Object> failAbove = new LinkedHashMap<>();
			failAbove.put("percent", all.failAbove());
			failAbove.put("failed", all.failed()
				.stream()
				.map(row -> Map.of("variant", row.variant(), "figure", row.figure().key()))
				.toList());
			root.put("fail_above", failAbove);
		}
		else {
			root.put("fail_above", null);
		}
		root.put("exit_status", all.exitStatus());
		root.put("warnings", all.warnings());
		return root;
	}

	/** Which variant of BASE was compared with which of the other run. */
	private static Map<String, Object> pair(Pair pair) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("base", pair.base());
		entry.put("new", pair.next());
		return entry;
	}

	private static Map<String, Object> fact(Differences.Fact fact) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("what", fact.what());
		entry.put("values", fact.values());
		return entry;
	}

	private static Map<String, Object> row(Row row) {
		Map<String, Object> entry = new LinkedHashMap<>();
		Change change = row.change();
		entry.put("variant", row.variant());
		entry.put("figure", row.figure().key());
		entry.put("label", row.figure().label());
		entry.put("unit", row.figure().unit());
		entry.put("better", row.figure().direction().better());
		entry.put("base", samples(row.base()));
		entry.put("new", samples(row.next()));
		entry.put("change_percent", change.percent());
		entry.put("interval_percent", Arrays.asList(change.lowPercent(), change.highPercent()));
		entry.put("p_value", change.pValue());
		entry.put("smallest_p", change.smallestP());
		entry.put("exact", change.exact());
		entry.put("verdict", change.verdict().label());
		entry.put("significant", change.verdict() == ChangeVerdict.BETTER || change.verdict() == ChangeVerdict.WORSE);
		entry.put("test", row.test());
		return entry;
	}

	private static Map<String, Object> samples(Samples samples) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("kind", samples.kind().plural());
		entry.put("n", samples.size());
		entry.put("median", samples.median());
		entry.put("values", samples.values());
		if (samples.batching() != null) {
			entry.put("batch_length", samples.batching().length());
			entry.put("lag1_autocorrelation", samples.batching().correlation());
			entry.put("per_second_samples", samples.batching().samples());
			entry.put("repetitions", samples.batching().repetitions());
		}
		return entry;
	}

}
