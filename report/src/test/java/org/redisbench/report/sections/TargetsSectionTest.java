package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.report.sections.TargetsSection.Outcome;
import org.redisbench.report.sections.TargetsSection.Status;
import org.redisbench.runresults.CpuProfile;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.ProfiledPhase;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

class TargetsSectionTest {

	private static final Variant STRING_PER_KEY = Variant.published("string");

	private static final Variant STRING_PIPELINE = new Variant("string", "pipeline", "none", "single", 1);

	private static final Variant KRYO_PER_KEY = Variant.published("kryo");

	private static final Variant KRYO_PIPELINE = new Variant("kryo", "pipeline", "none", "single", 1);

	private static final Variant KRYO_PIPELINE_DICT = new Variant("kryo", "pipeline", "zstd-dict", "single", 1);

	@Test
	void eachTargetIsMetNotMetOrNotMeasuredWithWhy() {
		List<SummaryRecord> records = new ArrayList<>();
		records.addAll(Records.run(STRING_PER_KEY, 400, 300, 2.0, 2.0));
		records.addAll(Records.run(STRING_PIPELINE, 2400, 300, 2.0, 2.0));
		records.addAll(Records.run(KRYO_PER_KEY, 400, 250, 2.0, 2.0));
		records.addAll(Records.run(KRYO_PIPELINE, 2000, 250, 1.0, 3.0));
		records.addAll(Records.run(KRYO_PIPELINE_DICT, 2000, 150, 1.0, 1.0));
		RunResults run = Records.results(
				List.of(STRING_PER_KEY, STRING_PIPELINE, KRYO_PER_KEY, KRYO_PIPELINE, KRYO_PIPELINE_DICT), records);
		assertEquals(List.of(
				new Outcome(TargetsSection.PIPELINE, "string, none, single, c200", Status.MET,
						"6.000× (2,400 requests/s vs 400.0 requests/s)"),
				new Outcome(TargetsSection.PIPELINE, "kryo, none, single, c200", Status.NOT_MET,
						"5.000× (2,000 requests/s vs 400.0 requests/s)"),
				new Outcome(TargetsSection.PIPELINE, "kryo, zstd-dict, single, c200", Status.NOT_MEASURED,
						"run has no per-key variant of that app, compression, topology, distance and concurrency"),
				new Outcome(TargetsSection.DICTIONARY, "kryo, pipeline, single, c200", Status.MET,
						"0.500× (150.0 bytes vs 300.0 bytes)"),
				new Outcome(TargetsSection.KRYO_CPU, "none, single, c200, /add", Status.MET, "0.500× (1.00 ms vs 2.00 ms)"),
				new Outcome(TargetsSection.KRYO_CPU, "none, single, c200, /check", Status.NOT_MET, "1.500× (3.00 ms vs 2.00 ms)"),
				new Outcome(TargetsSection.KRYO_CPU, "zstd-dict, single, c200, /add", Status.NOT_MEASURED,
						"run has no string pipeline variant of that compression, topology, distance and concurrency"),
				new Outcome(TargetsSection.KRYO_CPU, "zstd-dict, single, c200, /check", Status.NOT_MEASURED,
						"run has no string pipeline variant of that compression, topology, distance and concurrency")),
				codecTargets(TargetsSection.check(run.figures(), 100L, List.of(), false)));
		Markdown md = new Markdown();
		new TargetsSection().writeTo(md, run);
		assertTrue(md.text().contains("| " + TargetsSection.PIPELINE
				+ " | kryo, none, single, c200 | 5.000× (2,000 requests/s vs 400.0 requests/s) | **NOT met** |"), md.text());
		assertTrue(md.text().contains("| " + TargetsSection.PIPELINE + " | kryo, zstd-dict, single, c200 | – | not measured: "
				+ "run has no per-key variant of that app, compression, topology, distance and concurrency |"), md.text());
	}

	@Test
	void aPublishedOnlyRunMeasuresNoTarget() {
		Figures figures = new Figures(new ArrayList<>(Records.run(STRING_PER_KEY, 400, 300, 2.0, 2.0)),
				List.of(STRING_PER_KEY));
		assertEquals(List.of(
				new Outcome(TargetsSection.PIPELINE, "–", Status.NOT_MEASURED, "run has no pipeline variant"),
				new Outcome(TargetsSection.DICTIONARY, "–", Status.NOT_MEASURED, "run has no zstd-dict variant"),
				new Outcome(TargetsSection.KRYO_CPU, "–", Status.NOT_MEASURED, "run has no Kryo pipeline variant")),
				codecTargets(TargetsSection.check(figures, 100L, List.of(), false)));
	}

	@Test
	void anInvalidRunIsNoMeasurement() {
		List<SummaryRecord> records = new ArrayList<>(Records.run(STRING_PER_KEY, 400, 300, 2.0, 2.0));
		records.add(Records.record(STRING_PIPELINE, Phase.ADD, 2400.0, 300.0, 2.0, false));
		Figures figures = new Figures(records, List.of(STRING_PER_KEY, STRING_PIPELINE));
		assertEquals(new Outcome(TargetsSection.PIPELINE, "string, none, single, c200", Status.NOT_MEASURED,
				"no valid /add figure of string-pipeline-none-single-c200"),
				TargetsSection.check(figures, 100L, List.of(), false).get(0));
	}

	@Test
	void theInstrumentsOwnCostIsCheckedAgainstItsBounds() {
		List<SummaryRecord> records = new ArrayList<>();
		records.addAll(Records.run(KRYO_PER_KEY, 400, 250, 2.0, 2.0));
		records.addAll(Records.run(KRYO_PIPELINE, 2000, 250, 0.18, 0.2));
		records.add(Records.record(KRYO_PER_KEY, Phase.NOOP, 5000, null, 0.05, true));
		records.add(Records.record(KRYO_PIPELINE, Phase.NOOP, 5000, null, 0.035, true));
		records.add(Records.record(KRYO_PER_KEY, Phase.REDIS_SET, 50000, null, null, true));
		CpuProfile profile = CpuProfile.parse("""
				org/redisbench/web/PersonController.add;com/esotericsoftware/kryo/Kryo.writeObject 20
				org/redisbench/web/PersonController.add;org/apache/catalina/Foo.bar 80
				""");
		ProfiledPhase profiled = new ProfiledPhase(KRYO_PIPELINE, Phase.ADD, profile, null, ProfiledPhase.Cost.NONE,
				ProfiledPhase.Cost.NONE);
		Figures figures = new Figures(records, List.of(KRYO_PER_KEY, KRYO_PIPELINE));

		assertEquals(List.of(
				new Outcome(TargetsSection.ADD_CPU, "kryo-pipeline-none-single-c200", Status.MET, "0.180 ms"),
				new Outcome(TargetsSection.NOOP_CPU, "kryo-per-key-none-single-c200", Status.NOT_MET, "0.050 ms"),
				new Outcome(TargetsSection.NOOP_CPU, "kryo-pipeline-none-single-c200", Status.MET, "0.035 ms"),
				new Outcome(TargetsSection.SET_RATE, "kryo-per-key-none-single-c200", Status.MET,
						"0.800× (40,000 SETs/s vs 50,000)"),
				new Outcome(TargetsSection.CODEC_SHARE, "kryo-pipeline-none-single-c200", Status.MET,
						"20.0% of 100 samples")), instrumentTargets(TargetsSection.check(figures, 100L, List.of(profiled), false)));
		// Kept alive, a connection is no longer accepted and closed a request: the bound is lower.
		assertEquals(new Outcome(TargetsSection.ADD_CPU_KEPT_ALIVE, "kryo-pipeline-none-single-c200", Status.NOT_MET,
				"0.180 ms"), instrumentTargets(TargetsSection.check(figures, 100L, List.of(profiled), true)).get(0));
	}

	private static List<Outcome> instrumentTargets(List<Outcome> outcomes) {
		return outcomes.stream().filter(o -> codecTargets(List.of(o)).isEmpty()).toList();
	}

	/** The outcomes of the codec targets, the first three, in order. */
	private static List<Outcome> codecTargets(List<Outcome> outcomes) {
		List<String> codec = List.of(TargetsSection.PIPELINE, TargetsSection.DICTIONARY, TargetsSection.KRYO_CPU);
		return outcomes.stream().filter(o -> codec.contains(o.target())).toList();
	}

}
