package org.redisbench.bench.run;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.bench.App;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.stores.Topology;
import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.valueformat.Compression;

/**
 * Every variant of a run, in run order: by topology, Redis settings, layout, distance and concurrency (the
 * conditions), then mode, compression and app, so that the apps of one condition run one after another. Memcached has
 * neither Redis's settings nor its layouts: it runs default and string-per-key only.
 */
public final class VariantPlan {

	private VariantPlan() {
	}

	public static List<PlannedVariant> of(BenchSettings settings, List<String> topologies) {
		List<PlannedVariant> variants = new ArrayList<>();
		for (String topology : topologies) {
			boolean memcached = topology.equals(Topology.MEMCACHED);
			for (RedisSetup setup : memcached ? List.of(RedisSetup.DEFAULT) : settings.redisSetups()) {
				for (Layout layout : memcached ? List.of(Layout.STRING_PER_KEY) : settings.layouts()) {
					for (String redisRtt : settings.redisRtts()) {
						for (String appRtt : settings.appRtts()) {
							for (int concurrency : settings.concurrencies()) {
								for (RoundTrips mode : settings.modes()) {
									for (Compression compression : settings.compressions()) {
										for (App app : settings.apps()) {
											variants.add(new PlannedVariant(app, mode, compression, topology, redisRtt,
													appRtt, concurrency, setup, layout));
										}
									}
								}
							}
						}
					}
				}
			}
		}
		return List.copyOf(variants);
	}

}
