package org.redisbench.report.sections;

import org.redisbench.model.Layout;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/** Every variant of the run side by side: its headline figures, and what hash buckets need, when it has them. */
public final class ConfigurationsSection implements Section {

	/** The column of {@link Variant#rtts()}. */
	public static final String RTTS = "added RTT ms, Redis · app";

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		md.line("## Configurations compared");
		md.line();
		md.header("app", "mode", "compression", "layout", "topology", RTTS, "concurrency", "/add requests/s",
				"/check requests/s", "Redis bytes per person", "value bytes", "app CPU ms per request, /add",
				"app CPU ms per request, /check", "warm-up");
		for (Variant v : figures.variants()) {
			md.row(v.app(), v.mode(), v.compression(), v.layout().label(), v.topology(), v.rtts(), v.concurrency(),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.load().requestsPerSecond())),
					Markdown.spread(figures.spread(v, Phase.CHECK, r -> r.load().requestsPerSecond())),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.store().bytesPerPerson())),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.store().valueBytes())),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.app().cpuMsPerRequest())),
					Markdown.spread(figures.spread(v, Phase.CHECK, r -> r.app().cpuMsPerRequest())),
					WarmupSection.summary(run, v));
		}
		md.line();
		if (figures.variants().stream().anyMatch(v -> v.layout() == Layout.HASH_BUCKET)) {
			hashBuckets(md);
		}
	}

	/** How hash buckets are measured, the Redis setting they need, and what they cost an application. */
	private static void hashBuckets(Markdown md) {
		md.line("In `hash-bucket` variants a person is field `<id>` of the hash `persons:{<id/100>}`. DBSIZE counts "
				+ "buckets there: bytes per person are the data memory /add added over the persons it wrote (HLEN "
				+ "summed over every bucket, the `persons_written` column of summary.csv), value bytes the mean "
				+ "HSTRLEN of sampled persons, and redis-benchmark's SET and GET run at that size. A bucket stays one "
				+ "compact listpack only while every value fits Redis's `hash-max-listpack-value` (64 bytes by "
				+ "default, a person 87–156): the layout needs `hash-max-listpack-value %d`, which bench.sh sets on "
				+ "a Redis it started and requires of one it did not (each variant's `hash_max_listpack_value` in "
				+ "variant.env). A bucket of 100 persons expires, and is evicted, as a whole: Redis keeps a TTL per "
				+ "key, not per hash field before 7.4's HEXPIRE.", Layout.LISTPACK_VALUE_BYTES);
		md.line();
	}

}
