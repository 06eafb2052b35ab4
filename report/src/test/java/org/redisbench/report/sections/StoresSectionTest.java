package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.runresults.AppFigures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.Records;
import org.redisbench.runresults.StoreFigures;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.TimeSplit;
import org.redisbench.runresults.Variant;

class StoresSectionTest {

	private static final Variant REDIS = Variant.published("kryo");

	private static final Variant MEMCACHED = new Variant("kryo", "per-key", "none", "memcached", 1);

	private static final Variant AOF = REDIS.withRedisSettings("aof-everysec");

	private static final Variant LRU = REDIS.withRedisSettings("lru");

	@Test
	void memcachedReadsBesideItsTwinOnTheSingleRedis() {
		List<SummaryRecord> records = new ArrayList<>();
		records.addAll(Records.run(REDIS, 400, 170, 4, 3));
		records.addAll(Records.run(MEMCACHED, 500, 192, 4, 3));
		Markdown md = new Markdown();
		new StoresSection().writeTo(md, Records.results(List.of(REDIS, MEMCACHED), records));
		String text = md.text();
		assertTrue(text.startsWith("## Redis and Memcached\n"), text);
		assertTrue(text.contains("| kryo | per-key, none | 200 | /add | 400.0 | 500.0 | +25.0% | – |"), text);
		assertTrue(text.contains("| kryo | per-key, none | 200 | 170.0 | 192.0 | +12.9% |"), text);
		assertTrue(!text.contains("What Redis's settings cost"), "no settings were varied");
	}

	@Test
	void eachSettingReadsBesideTheDefaultWithWhatEvictionLost() {
		List<SummaryRecord> records = new ArrayList<>();
		records.addAll(Records.run(REDIS, 400, 170, 4, 3));
		records.addAll(Records.run(AOF, 360, 170, 4.4, 3));
		records.add(withEviction(Records.record(LRU, Phase.ADD, 380, 170.0, 4.0, true), 15392L, 15392L, null));
		records.add(withEviction(Records.record(LRU, Phase.CHECK, 410, null, 3.0, true), 0L, null, 200L));
		Markdown md = new Markdown();
		new StoresSection().writeTo(md, Records.results(List.of(REDIS, AOF, LRU), records));
		String text = md.text();
		assertTrue(text.startsWith("## What Redis's settings cost\n"), text);
		assertTrue(text.contains("| kryo-per-key-none-single-c200 | aof-everysec | /add | 400.0 | 360.0 | -10.0% |"),
				text);
		assertTrue(text.contains("| kryo-per-key-none-single-c200 | lru | /add | 400.0 | 380.0 | -5.0% | – | – | – | "
				+ "15,392 | – | 15,392 | | |"), text);
		assertTrue(text.contains("| kryo-per-key-none-single-c200 | lru | /check | 400.0 | 410.0 | +2.5% | – | – | – | "
				+ "0 | – | | 200 | |"), text);
	}

	@Test
	void aRunInOneRedisAtItsDefaultsHasNoSection() {
		Markdown md = new Markdown();
		new StoresSection().writeTo(md, Records.results(List.of(REDIS), Records.run(REDIS, 400, 170, 4, 3)));
		assertEquals("", md.text());
	}

	private static SummaryRecord withEviction(SummaryRecord record, Long evicted, Long missing, Long notFound) {
		StoreFigures redis = StoreFigures.builder()
			.bytesPerPerson(record.store().bytesPerPerson())
			.housekeeping(evicted, null)
			.missingPersons(missing)
			.build();
		return new SummaryRecord(record.variant(), record.phase(), record.repetition(), record.load(), redis,
				new AppFigures(record.app().cpuMsPerRequest(), null, null, TimeSplit.NONE, notFound), record.verdict());
	}

}
