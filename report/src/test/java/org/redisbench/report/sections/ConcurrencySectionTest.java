package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.Rtt;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

class ConcurrencySectionTest {

	@Test
	void aConcurrencyWhoseRunsFailedKeepsItsRowWithWhy() {
		Variant kryo = Variant.published("kryo").withRedisRtt(Rtt.of(0.2));
		List<Variant> variants = new ArrayList<>();
		List<SummaryRecord> records = new ArrayList<>();
		for (int concurrency : List.of(1000, 1, 10)) {
			Variant v = kryo.withConcurrency(concurrency);
			variants.add(v);
			String failure = concurrency == 1000 ? "ab failed: apr_socket_recv: Connection reset by peer (104) | 2" : null;
			records.add(DistanceSectionTest.record(v, Phase.ADD, 30.0 * concurrency, 5.0 * concurrency, failure));
			records.add(DistanceSectionTest.record(v, Phase.CHECK, 40.0 * concurrency, 4.0 * concurrency, failure));
		}
		Markdown md = new Markdown();
		new ConcurrencySection().writeTo(md, Records.results(variants, records));
		List<String> rows = md.text().lines().filter(line -> line.startsWith("| kryo")).toList();
		assertEquals(List.of("| kryo-per-key-none-single-redis0.2ms | /add | 1 | 30.00 | 5.00 | – | |",
				"| kryo-per-key-none-single-redis0.2ms | /add | 10 | 300.0 | 50.00 | – | |",
				"| kryo-per-key-none-single-redis0.2ms | /add | 1000 | – | – | – | rep 1: ab failed: apr_socket_recv: "
						+ "Connection reset by peer (104) \\| 2 |",
				"| kryo-per-key-none-single-redis0.2ms | /check | 1 | 40.00 | 4.00 | – | |",
				"| kryo-per-key-none-single-redis0.2ms | /check | 10 | 400.0 | 40.00 | – | |",
				"| kryo-per-key-none-single-redis0.2ms | /check | 1000 | – | – | – | rep 1: ab failed: apr_socket_recv: "
						+ "Connection reset by peer (104) \\| 2 |"), rows);
		assertTrue(md.text().startsWith("## Concurrency\n"), md.text());
	}

	@Test
	void aRunAtOneConcurrencyHasNoConcurrencySection() {
		Variant string = Variant.published("string");
		Markdown md = new Markdown();
		new ConcurrencySection().writeTo(md, Records.results(List.of(string, string.withRedisRtt(Rtt.of(1))),
				List.of(DistanceSectionTest.record(string, Phase.ADD, 400, 300.0, null))));
		assertEquals("", md.text());
	}

}
