package org.redisbench.report.sections;

import java.util.List;
import java.util.Locale;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/**
 * What the latency proxy costs by itself: each variant run behind a proxy that adds no delay ({@code --redis-rtt 0ms},
 * {@code --app-rtt 0ms}) beside its twin without one, from the same run. Nothing when the run has no such variant.
 */
public final class ProxyHopSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		List<Variant> hops = figures.variants()
			.stream()
			.filter((v) -> v.redisRtt().hopOnly() || v.appRtt().hopOnly())
			.toList();
		if (hops.isEmpty()) {
			return;
		}
		md.line("## What the proxy itself costs");
		md.line();
		md.line("Each variant run behind a latency proxy that adds no delay, beside the same variant without the proxy. "
				+ "What differs is the proxy's own hop, one more pass through a user-space process each way, and the "
				+ "processor time the proxy takes from the app and Redis on the same cores. *Share* is the proxied "
				+ "requests/s over the direct ones (medians).");
		md.line();
		md.header("variant", "phase", "requests/s direct", "requests/s through the proxy", "share",
				"app CPU ms direct", "app CPU ms through the proxy");
		for (Variant hop : hops) {
			Variant direct = figures.find(hop.withoutProxyHops());
			for (Phase phase : Phase.THROUGH_CODEC) {
				Spread proxied = figures.spread(hop, phase, (r) -> r.load().requestsPerSecond());
				Spread straight = figures.spread(direct, phase, (r) -> r.load().requestsPerSecond());
				md.row(hop.name(), phase.path(), direct == null ? "– (not run without the proxy)" : Markdown.spread(straight),
						Markdown.spread(proxied), share(proxied, straight),
						Markdown.spread(figures.spread(direct, phase, (r) -> r.app().cpuMsPerRequest())),
						Markdown.spread(figures.spread(hop, phase, (r) -> r.app().cpuMsPerRequest())));
			}
		}
		md.line();
	}

	private static String share(Spread proxied, Spread direct) {
		return proxied == null || direct == null || direct.median() == 0 ? "–"
				: String.format(Locale.ROOT, "%.1f%%", 100 * proxied.median() / direct.median());
	}

}
