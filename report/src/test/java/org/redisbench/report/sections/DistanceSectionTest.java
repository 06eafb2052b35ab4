package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.runresults.AppFigures;
import org.redisbench.runresults.Load;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.Rtt;
import org.redisbench.runresults.StoreFigures;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;
import org.redisbench.runresults.Validity;
import org.redisbench.tooloutput.AbOutput;

class DistanceSectionTest {

	private static final Variant PER_KEY = Variant.published("string");

	private static final Variant PIPELINE = PER_KEY.withMode("pipeline");

	@Test
	void perKeyAndPipelinedReadSideBySideAgainstTheRoundTripPerConcurrency() {
		List<Variant> variants = new ArrayList<>();
		List<SummaryRecord> records = new ArrayList<>();
		for (int concurrency : List.of(1, 200)) {
			for (Variant mode : List.of(PER_KEY, PIPELINE)) {
				for (double rtt : List.of(0.0, 0.2, 1.0)) {
					Variant v = mode.withRedisRtt(Rtt.of(rtt)).withConcurrency(concurrency);
					variants.add(v);
					// per-key pays 100 round trips per request, pipeline one
					double ms = 2 + rtt * (mode == PER_KEY ? 100 : 1);
					records.add(record(v, Phase.ADD, 1000 / ms * concurrency, ms * 2, null));
					records.add(record(v, Phase.CHECK, 1000 / ms * concurrency, ms * 2, null));
				}
			}
		}
		Variant failed = PIPELINE.withRedisRtt(Rtt.of(1)).withConcurrency(200);
		records.replaceAll(r -> r.variant().equals(failed) && r.phase() == Phase.CHECK
				? record(failed, Phase.CHECK, 10, 5000.0, "ab failed: apr_pollset_poll: The timeout specified has expired (70007)")
				: r);
		Markdown md = new Markdown();
		new DistanceSection().writeTo(md, Records.results(variants, records));
		List<String> rows = md.text().lines().filter(line -> line.startsWith("| string")).toList();
		assertEquals(2 * 2 * 2 * 3, rows.size(), md.text());
		assertEquals("| string | none, single | 0 | 1 | /add | per-key | 0 | 500.0 | 4.00 | | – | – | – | – | |",
				rows.get(0));
		assertEquals("| string | none, single | 0 | 1 | /add | per-key | 1 | 9.80 | 204.0 | | – | – | – | – | |",
				rows.get(2));
		// 1 ms: per-key waits 102 ms a request, pipeline 3 ms
		assertEquals("| string | none, single | 0 | 1 | /add | pipeline | 1 | 333.3 | 6.00 | 34.00× | – | – | – | – | |",
				rows.get(5));
		assertEquals("| string | none, single | 0 | 1 | /check | per-key | 0 | 500.0 | 4.00 | | – | – | – | – | |",
				rows.get(6));
		assertEquals("| string | none, single | 0 | 200 | /check | pipeline | 1 | – | – | – | – | – | – | – | "
				+ "rep 1: ab failed: apr_pollset_poll: The timeout specified has expired (70007) |", rows.get(23));
		assertTrue(md.text().startsWith("## Distance to Redis\n"), md.text());
	}

	@Test
	void aRunAtOneDistanceHasNoDistanceSection() {
		Markdown md = new Markdown();
		new DistanceSection().writeTo(md, Records.results(List.of(PER_KEY, PIPELINE),
				List.of(record(PER_KEY, Phase.ADD, 400, 300.0, null), record(PIPELINE, Phase.ADD, 1400, 90.0, null))));
		assertEquals("", md.text());
	}

	/** An ab phase's requests/s and p99; invalid, with ab's own words, when {@code failure} is given. */
	static SummaryRecord record(Variant variant, Phase phase, double requestsPerSecond, double p99Ms, String failure) {
		AbOutput ab = AbOutput.parse("""
				Concurrency Level:      %d
				Complete requests:      1000
				Failed requests:        0
				Requests per second:    %s [#/sec] (mean)
				Percentage of the requests served within a certain time (ms)
				  99%%    %d
				""".formatted(variant.concurrency(), requestsPerSecond, Math.round(p99Ms)));
		return new SummaryRecord(variant, phase, 1, Load.of(1000, variant.concurrency(), ab), StoreFigures.NONE,
				AppFigures.NONE, failure == null ? Validity.VALID : Validity.invalid(failure));
	}

}
