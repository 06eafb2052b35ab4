package org.redisbench.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * A variant of BASE and the variant of another run whose figures are compared with its own. Variants pair by name;
 * and when each run ran its Redis under one {@code --redis-settings} and the two differ (appendonly against none, say),
 * by everything but those settings too, for then the settings are what the runs compare: their names differ in them
 * alone, and {@link Differences} lists them. A run of several settings pairs by name only, so that no variant is
 * compared with two.
 */
record Pair(String base, String next) {

	/** How a reader sees it: the name both have, or BASE's and the other's: {@code x-c1 → x-aof-everysec-c1}. */
	String label() {
		return this.base.equals(this.next) ? this.base : this.base + " → " + this.next;
	}

	static List<Pair> of(RunFolder base, RunFolder next) {
		boolean acrossSettings = base.redisSettings().size() == 1 && next.redisSettings().size() == 1
				&& !base.redisSettings().equals(next.redisSettings());
		List<Pair> pairs = new ArrayList<>();
		for (String variant : base.variants()) {
			if (next.variants().contains(variant)) {
				pairs.add(new Pair(variant, variant));
			}
			else if (acrossSettings) {
				String configuration = base.nameBesidesRedisSettings(variant);
				next.variants()
					.stream()
					.filter(other -> !base.variants().contains(other)
							&& next.nameBesidesRedisSettings(other).equals(configuration))
					.findFirst()
					.ifPresent(other -> pairs.add(new Pair(variant, other)));
			}
		}
		return List.copyOf(pairs);
	}

}
