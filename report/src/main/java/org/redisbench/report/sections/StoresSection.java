package org.redisbench.report.sections;

import java.util.List;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/**
 * Where the persons are kept, compared: each memcached variant beside its twin on the single Redis (requests/s, p99
 * and bytes per person, per codec and concurrency), and each Redis setting beside the default it changes (what
 * persistence and eviction cost, and what eviction loses). Nothing when the run kept them in one Redis, as
 * published.
 */
public final class StoresSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		List<Variant> memcached = figures.variants().stream().filter(Variant::isMemcached).toList();
		List<Variant> settings = figures.variants().stream().filter(v -> !v.hasDefaultSettings()).toList();
		if (!memcached.isEmpty()) {
			redisAndMemcached(md, figures, memcached);
		}
		if (!settings.isEmpty()) {
			redisSettings(md, figures, settings);
		}
	}

	private static void redisAndMemcached(Markdown md, Figures figures, List<Variant> memcached) {
		md.line("## Redis and Memcached");
		md.line();
		md.line("Each memcached variant beside the same app, mode, compression and concurrency on the single Redis "
				+ "(persistence off, as published). Medians, the runs' range in brackets; *beyond spread* when the "
				+ "two ranges do not overlap. Bytes per person: Redis's `used_memory` growth over the keys /add "
				+ "wrote; memcached's slab chunks in use (item header, key, value and CAS, rounded up to the chunk "
				+ "size) plus its hash table's growth, over `curr_items`.");
		md.line();
		md.header("app", "mode, compression", "concurrency", "phase", "Redis requests/s", "memcached requests/s",
				"memcached vs Redis", "beyond spread?", "Redis p99 ms", "memcached p99 ms", "left out");
		for (Variant m : memcached) {
			Variant redis = figures.find(m.onSingleRedis().withRedisSettings(Variant.DEFAULT_SETTINGS));
			for (Phase phase : Phase.THROUGH_CODEC) {
				Spread redisRate = figures.spread(redis, phase, r -> r.load().requestsPerSecond());
				Spread memcachedRate = figures.spread(m, phase, r -> r.load().requestsPerSecond());
				md.row(m.app(), m.mode() + ", " + m.compression(), m.concurrency(), phase.path(),
						Markdown.spread(redisRate), Markdown.spread(memcachedRate),
						Markdown.difference(redisRate, memcachedRate), beyondSpread(redisRate, memcachedRate),
						Markdown.spread(figures.spread(redis, phase, r -> r.load().p99Ms())),
						Markdown.spread(figures.spread(m, phase, r -> r.load().p99Ms())),
						Markdown.cell(leftOut(figures, redis, m, phase)));
			}
		}
		md.line();
		md.header("app", "mode, compression", "concurrency", "Redis bytes per person", "memcached bytes per person",
				"memcached vs Redis", "value bytes");
		for (Variant m : memcached) {
			Variant redis = figures.find(m.onSingleRedis().withRedisSettings(Variant.DEFAULT_SETTINGS));
			Spread redisBytes = figures.spread(redis, Phase.ADD, r -> r.store().bytesPerPerson());
			Spread memcachedBytes = figures.spread(m, Phase.ADD, r -> r.store().bytesPerPerson());
			md.row(m.app(), m.mode() + ", " + m.compression(), m.concurrency(), Markdown.spread(redisBytes),
					Markdown.spread(memcachedBytes), Markdown.difference(redisBytes, memcachedBytes),
					Markdown.spread(figures.spread(m, Phase.ADD, r -> r.store().valueBytes())));
		}
		md.line();
	}

	private static void redisSettings(Markdown md, Figures figures, List<Variant> settings) {
		md.line("## What Redis's settings cost");
		md.line();
		md.line("Each setting beside the same variant with persistence off and no `maxmemory` (the default, as "
				+ "published), in the same run. `aof-everysec`: append-only file, fsync every second; `rdb`: "
				+ "snapshots by the run's save rule (forks: the snapshots and AOF rewrites Redis forked for during "
				+ "the phase); `lru`: a `maxmemory` the /add phase overflows, `allkeys-lru`. Under `lru` a person "
				+ "evicted is measured, not a failure: *missing after /add* counts the persons /add wrote that Redis "
				+ "no longer holds, and *404s* the /check requests that found one of their persons gone.");
		md.line();
		md.header("configuration", "setting", "phase", "default requests/s", "with setting requests/s",
				"change", "beyond spread?", "default p99 ms", "with setting p99 ms", "evicted keys", "forks",
				"missing after /add", "404s", "left out");
		for (Variant v : settings) {
			Variant base = figures.find(v.withRedisSettings(Variant.DEFAULT_SETTINGS));
			for (Phase phase : Phase.THROUGH_CODEC) {
				Spread baseRate = figures.spread(base, phase, r -> r.load().requestsPerSecond());
				Spread rate = figures.spread(v, phase, r -> r.load().requestsPerSecond());
				md.row(v.withRedisSettings(Variant.DEFAULT_SETTINGS).name(), v.redisSettings(), phase.path(),
						Markdown.spread(baseRate), Markdown.spread(rate), Markdown.difference(baseRate, rate),
						beyondSpread(baseRate, rate), Markdown.spread(figures.spread(base, phase, r -> r.load().p99Ms())),
						Markdown.spread(figures.spread(v, phase, r -> r.load().p99Ms())),
						Markdown.spread(figures.spread(v, phase, r -> Figures.asDouble(r.store().evictedKeys())), Markdown::count),
						Markdown.spread(figures.spread(v, phase, r -> Figures.asDouble(r.store().forks())), Markdown::count),
						phase == Phase.ADD
								? Markdown.spread(figures.spread(v, phase, r -> Figures.asDouble(r.store().missingPersons())),
										Markdown::count)
								: "",
						phase == Phase.CHECK
								? Markdown.spread(figures.spread(v, phase, r -> Figures.asDouble(r.app().notFoundResponses())),
										Markdown::count)
								: "",
						Markdown.cell(leftOut(figures, base, v, phase)));
			}
		}
		md.line();
	}

	private static String beyondSpread(Spread from, Spread to) {
		Boolean beyond = Spread.beyondSpread(from, to);
		return beyond == null ? "–" : beyond ? "**yes**" : "no";
	}

	/** Why runs of either side were left out of the medians, each side named. */
	private static String leftOut(Figures figures, Variant reference, Variant compared, Phase phase) {
		String referenceFailures = reference == null ? "not run" : figures.failures(reference, phase);
		String comparedFailures = figures.failures(compared, phase);
		return (referenceFailures.isEmpty() ? "" : "reference: " + referenceFailures)
				+ (referenceFailures.isEmpty() || comparedFailures.isEmpty() ? "" : "; ")
				+ (comparedFailures.isEmpty() ? "" : comparedFailures);
	}

}
