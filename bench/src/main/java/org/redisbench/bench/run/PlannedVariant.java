package org.redisbench.bench.run;

import org.redisbench.bench.App;
import org.redisbench.bench.RedisSetup;
import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Named;

/**
 * One variant of the run's matrix: an app, its mode and compression, on a topology with its Redis settings and
 * layout, at a distance and a concurrency.
 *
 * @param topology single, cluster&lt;N&gt; or memcached
 * @param redisRtt the round trip the latency proxy adds between app and Redis, {@code 0} for none
 * @param appRtt the one it adds between ab and the app, {@code 0} for none
 * @param concurrency ab's -c
 */
public record PlannedVariant(App app, RoundTrips mode, Compression compression, String topology, String redisRtt,
		String appRtt, int concurrency, RedisSetup redisSetup, Layout layout) {

	/**
	 * Its folder's name: app-mode-compression, the layout unless string-per-key (as published), the topology, then
	 * Redis's settings unless default, and only the distance and the concurrency the run varies
	 * ({@code severalConcurrencies}). run-results' Variant.name() reads names in the same order.
	 */
	public String name(boolean severalConcurrencies) {
		StringBuilder name = new StringBuilder(this.app.label()).append('-').append(Named.labelOf(this.mode)).append('-')
			.append(this.compression.label());
		if (this.layout != Layout.STRING_PER_KEY) {
			name.append('-').append(this.layout.label());
		}
		name.append('-').append(this.topology);
		if (this.redisSetup != RedisSetup.DEFAULT) {
			name.append('-').append(this.redisSetup.label());
		}
		if (!this.redisRtt.equals("0")) {
			name.append("-redis").append(this.redisRtt);
		}
		if (!this.appRtt.equals("0")) {
			name.append("-app").append(this.appRtt);
		}
		if (severalConcurrencies) {
			name.append("-c").append(this.concurrency);
		}
		return name.toString();
	}

}
