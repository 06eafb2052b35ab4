package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.Rtt;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

class ProxyHopSectionTest {

	private static final Variant DIRECT = Variant.published("kryo").withMode("pipeline");

	private static final Variant HOP = DIRECT.withRedisRtt(new Rtt(0, true));

	@Test
	void aProxyAddingNothingStandsBesideItsTwinWithoutOne() {
		List<SummaryRecord> records = new ArrayList<>();
		records.addAll(Records.run(DIRECT, 1000, 170, 1.0, 1.0));
		records.addAll(Records.run(HOP, 800, 170, 1.2, 1.1));
		Markdown md = new Markdown();
		new ProxyHopSection().writeTo(md, Records.results(List.of(DIRECT, HOP), records));
		assertTrue(md.text().contains("## What the proxy itself costs"), md.text());
		assertTrue(md.text().contains("| kryo-pipeline-none-single-redis0ms-c200 | /add | 1,000 | 800.0 | 80.0% | 1.00 | 1.20 |"),
				md.text());
	}

	@Test
	void aProxyWithoutItsTwinSaysSoAndARunWithoutOneHasNoSection() {
		Markdown md = new Markdown();
		new ProxyHopSection().writeTo(md, Records.results(List.of(HOP), Records.run(HOP, 800, 170, 1.2, 1.1)));
		assertTrue(md.text().contains("| /add | – (not run without the proxy) | 800.0 | – |"), md.text());
		Markdown none = new Markdown();
		new ProxyHopSection().writeTo(none, Records.results(List.of(DIRECT), Records.run(DIRECT, 1000, 170, 1.0, 1.0)));
		assertEquals("", none.text());
	}

}
