package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.Rtt;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.TimeSplit;
import org.redisbench.runresults.Variant;

/**
 * /add and /check against the round trip a latency proxy added between the app and Redis, per mode and concurrency,
 * with the request time split as in *Where the time goes*: what loopback hides. Nothing when the run measured one
 * distance only.
 */
public final class DistanceSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		Sweep sweep = Sweep.redisRtt(figures.variants());
		if (!sweep.varies()) {
			return;
		}
		md.line("## Distance to Redis");
		md.line();
		md.line("Each configuration at every round trip `scripts/lib/latency-proxy.sh` added between the app and Redis "
				+ "(0: no proxy). Per-key mode waits for one round trip per person, pipeline mode for one per request, "
				+ "so distance should cost per-key about 100 of them and pipeline one; *pipeline vs per-key* is the "
				+ "ratio of their requests/s. *Server*, *codec*, *Redis* and *rest* are ms per request as in *Where the "
				+ "time goes*; *left out* names the runs that failed and why.");
		md.line();
		md.header("app", "compression, topology", "app RTT ms", "concurrency", "phase", "mode", "added Redis RTT ms",
				"requests/s", "p99 ms", "pipeline vs per-key", "server ms", "codec ms", "Redis ms", "rest ms", "left out");
		// the lines of each mode side by side, so that per-key reads next to pipelined
		Map<String, List<Map<Double, Variant>>> modes = new LinkedHashMap<>();
		for (Map<Double, Variant> line : sweep.lines().values()) {
			Variant any = line.values().iterator().next();
			modes.computeIfAbsent(any.withMode("per-key").withRedisRtt(Rtt.NONE).name(), name -> new ArrayList<>()).add(line);
		}
		for (List<Map<Double, Variant>> lines : modes.values()) {
			for (Phase phase : Phase.THROUGH_CODEC) {
				lines.forEach(line -> rows(md, figures, line, phase));
			}
		}
		md.line();
	}

	private static void rows(Markdown md, Figures figures, Map<Double, Variant> line, Phase phase) {
		for (Map.Entry<Double, Variant> point : line.entrySet()) {
			Variant v = point.getValue();
			Function<Function<TimeSplit, Double>, String> split = part -> TimeSplitSection.split(figures, v, phase, part);
			md.row(v.app(), v.compression() + ", " + v.store(), v.appRtt().label(), v.concurrency(), phase.path(),
					v.mode(), Rtt.ms(point.getKey()),
					Markdown.spread(figures.spread(v, phase, r -> r.load().requestsPerSecond())),
					Markdown.spread(figures.spread(v, phase, r -> r.load().p99Ms())), speedUp(figures, v, phase),
					split.apply(TimeSplit::serverMs), split.apply(TimeSplit::codecMs), split.apply(TimeSplit::redisMs),
					split.apply(TimeSplit::restMs), Markdown.cell(figures.failures(v, phase)));
		}
	}

	/** Pipelined requests/s over per-key's, on a pipeline variant whose per-key twin has figures. */
	private static String speedUp(Figures figures, Variant variant, Phase phase) {
		if (!variant.mode().equals("pipeline")) {
			return "";
		}
		Spread pipelined = figures.spread(variant, phase, r -> r.load().requestsPerSecond());
		Spread perKey = figures.spread(figures.find(variant.withMode("per-key")), phase, r -> r.load().requestsPerSecond());
		return pipelined == null || perKey == null || perKey.median() == 0 ? "–"
				: String.format(Locale.ROOT, "%.2f×", pipelined.median() / perKey.median());
	}

}
