package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.List;

import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * One master's matched keys, page by page, at the run's pace: {@code SCAN cursor MATCH pattern COUNT batch}, then
 * the page's values in one round trip. SCAN returns every key that is there from the start to the end of the walk
 * at least once, and a key the migrator replaces stays in its slot of the table, so the walk neither misses nor
 * loops over the keys it converts.
 */
final class Walk {

	/** What is done with a page; {@code next} is the cursor after it, "0" at the end. */
	@FunctionalInterface
	interface Step {

		void page(ScanPage page, String next) throws InterruptedException;

	}

	private final MigrateOptions options;

	private final Pace pace;

	private final boolean hashFields;

	/** @param hashFields whether a hash's fields are read as values ({@link ScanPage#read}) */
	Walk(MigrateOptions options, Pace pace, boolean hashFields) {
		this.options = options;
		this.pace = pace;
		this.hashFields = hashFields;
	}

	/** From {@code cursor} to the end of the master's keys. */
	void master(Masters masters, Masters.Master master, String cursor, Step step)
			throws InterruptedException {
		ScanParams params = new ScanParams().match(this.options.match().getBytes(StandardCharsets.UTF_8))
			.count(this.options.batch());
		String at = cursor;
		try (LatencyProbe probe = this.options.maxP99Millis() > 0 ? new LatencyProbe(masters.another(master)) : null) {
			do {
				ScanResult<byte[]> scanned = master.jedis().scan(at.getBytes(StandardCharsets.US_ASCII), params);
				List<byte[]> keys = scanned.getResult();
				this.pace.await(keys.size(), master.jedis(), probe, (why) -> System.out.println(master + ": " + why));
				String next = scanned.getCursor();
				step.page(keys.isEmpty() ? new ScanPage(List.of()) : ScanPage.read(master.jedis(), keys,
						this.options.maxValueBytes(), this.hashFields), next);
				at = next;
			}
			while (!Checkpoint.START.equals(at));
		}
	}

}
