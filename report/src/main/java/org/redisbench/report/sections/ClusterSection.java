package org.redisbench.report.sections;

import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.Function;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.StoreFigures;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

/** Each cluster variant next to the same configuration on a single Redis, and how its masters shared the data. */
public final class ClusterSection implements Section {

	private static final List<PhaseFigure> COMPARED = List.of(
			new PhaseFigure("/add requests/s", Phase.ADD, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("/check requests/s", Phase.CHECK, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("Redis bytes per person", Phase.ADD, r -> r.store().bytesPerPerson(), Markdown::num),
			new PhaseFigure("redis-benchmark SET ops/s", Phase.REDIS_SET, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("redis-benchmark GET ops/s", Phase.REDIS_GET, r -> r.load().requestsPerSecond(), Markdown::num));

	/** Nothing when the run has no cluster variant. */
	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		List<Variant> clusters = figures.variants().stream().filter(Variant::isCluster).toList();
		if (clusters.isEmpty()) {
			return;
		}
		md.line("## Single node and cluster");
		md.line();
		md.line("Each cluster configuration next to the same app, mode and compression on a single Redis. A cluster's "
				+ "Redis figures are summed over its masters; its redis-benchmark ran with `--cluster`.");
		md.line();
		md.header("app", "mode", "compression", "cluster", "figure", "single Redis", "cluster", "cluster vs single");
		for (Variant cluster : clusters) {
			Variant single = figures.find(cluster.onSingleRedis());
			for (PhaseFigure row : COMPARED) {
				Spread one = row.spread(figures, single);
				Spread many = row.spread(figures, cluster);
				md.row(cluster.app(), cluster.mode(), cluster.compression(), cluster.store(), row.label(),
						single == null ? "(not run)" : Markdown.spread(one, row.format()),
						Markdown.spread(many, row.format()), Markdown.difference(one, many));
			}
		}
		md.line();
		for (Variant cluster : clusters) {
			masters(md, figures, cluster);
		}
	}

	/** How evenly the keys and memory fell on the masters: medians per master over the valid /add runs. */
	private static void masters(Markdown md, Figures figures, Variant cluster) {
		List<SummaryRecord> adds = figures.valid(cluster, Phase.ADD);
		md.line("### Masters of %s after /add", cluster.name());
		md.line();
		if (adds.isEmpty()) {
			md.line("No valid /add run.");
			md.line();
			return;
		}
		md.header("master", "DBSIZE", "used_memory");
		List<StoreFigures.Node> masters = adds.get(0).store().nodes();
		for (int k = 0; k < masters.size(); k++) {
			int master = k;
			md.row(masters.get(k).name(), node(adds, r -> Figures.asDouble(r.store().nodes().get(master).dbsize()), Markdown::num),
					node(adds, r -> Figures.asDouble(r.store().nodes().get(master).usedMemoryBytes()), Markdown::bytes));
		}
		md.row("**sum**", node(adds, r -> Figures.asDouble(r.store().dbsize()), Markdown::num),
				node(adds, r -> Figures.asDouble(r.store().usedMemoryBytes()), Markdown::bytes));
		md.line();
	}

	private static String node(List<SummaryRecord> adds, Function<SummaryRecord, Double> figure,
			DoubleFunction<String> format) {
		return Markdown.spread(Spread.of(adds.stream().map(figure).toList()), format);
	}

}
