package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/**
 * Every figure of the baseline apps side by side, and how each app differs from the string app (the published
 * reference; the first app when the run has no string app), and whether beyond the run-to-run spread.
 */
public final class PerAppSection implements Section {

	private static final List<PhaseFigure> COMPARED = List.of(
			new PhaseFigure("requests/s, /add", Phase.ADD, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("requests/s, /check", Phase.CHECK, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("requests/s, /noop (HTTP ceiling)", Phase.NOOP, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("time per request ms, /add", Phase.ADD, r -> r.load().timePerRequestMs(), Markdown::num),
			new PhaseFigure("time per request ms, /check", Phase.CHECK, r -> r.load().timePerRequestMs(), Markdown::num),
			new PhaseFigure("p50 ms, /add", Phase.ADD, r -> r.load().p50Ms(), Markdown::num),
			new PhaseFigure("p90 ms, /add", Phase.ADD, r -> r.load().p90Ms(), Markdown::num),
			new PhaseFigure("p99 ms, /add", Phase.ADD, r -> r.load().p99Ms(), Markdown::num),
			new PhaseFigure("max ms, /add", Phase.ADD, r -> r.load().maxMs(), Markdown::num),
			new PhaseFigure("p50 ms, /check", Phase.CHECK, r -> r.load().p50Ms(), Markdown::num),
			new PhaseFigure("p90 ms, /check", Phase.CHECK, r -> r.load().p90Ms(), Markdown::num),
			new PhaseFigure("p99 ms, /check", Phase.CHECK, r -> r.load().p99Ms(), Markdown::num),
			new PhaseFigure("max ms, /check", Phase.CHECK, r -> r.load().maxMs(), Markdown::num),
			new PhaseFigure("Redis bytes per person (data memory growth / persons written)", Phase.ADD, r -> r.store().bytesPerPerson(), Markdown::num),
			new PhaseFigure("value bytes (mean STRLEN, HSTRLEN in hash buckets)", Phase.ADD, r -> r.store().valueBytes(), Markdown::num),
			new PhaseFigure("used_memory after /add", Phase.ADD, r -> Figures.asDouble(r.store().usedMemoryBytes()), Markdown::bytes),
			new PhaseFigure("used_memory_dataset after /add", Phase.ADD, r -> Figures.asDouble(r.store().usedMemoryDatasetBytes()), Markdown::bytes),
			new PhaseFigure("used_memory_rss after /add", Phase.ADD, r -> Figures.asDouble(r.store().usedMemoryRssBytes()), Markdown::bytes),
			new PhaseFigure("mem_fragmentation_ratio after /add", Phase.ADD, r -> r.store().memFragmentationRatio(), Markdown::num),
			new PhaseFigure("DBSIZE after /add", Phase.ADD, r -> Figures.asDouble(r.store().dbsize()), Markdown::num),
			new PhaseFigure("Redis bytes in per /add request", Phase.ADD, r -> r.store().netInBytesPerRequest(), Markdown::num),
			new PhaseFigure("Redis bytes out per /check request", Phase.CHECK, r -> r.store().netOutBytesPerRequest(), Markdown::num),
			new PhaseFigure("app CPU ms per request, /add", Phase.ADD, r -> r.app().cpuMsPerRequest(), Markdown::num),
			new PhaseFigure("app CPU ms per request, /check", Phase.CHECK, r -> r.app().cpuMsPerRequest(), Markdown::num),
			new PhaseFigure("app CPU ms per request, /noop", Phase.NOOP, r -> r.app().cpuMsPerRequest(), Markdown::num),
			new PhaseFigure("app RSS after /check", Phase.CHECK, r -> Figures.asDouble(r.app().rssBytes()), Markdown::bytes),
			new PhaseFigure("redis-benchmark SET ops/s at the app's value size", Phase.REDIS_SET, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("redis-benchmark GET ops/s at the app's value size", Phase.REDIS_GET, r -> r.load().requestsPerSecond(), Markdown::num));

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		List<Variant> apps = figures.baseline();
		Variant reference = figures.baseline("string") != null ? figures.baseline("string")
				: apps.isEmpty() ? null : apps.get(0);
		List<Variant> compared = apps.stream().filter(app -> !app.equals(reference)).toList();
		md.line("## Every figure, per app");
		md.line();
		if (!compared.isEmpty()) {
			md.line("*Beyond spread* means the two apps' ranges over the repetitions do not overlap: the difference is "
					+ "larger than the run-to-run variation. With one repetition there is no spread to judge by.");
			md.line();
		}
		List<String> header = new ArrayList<>(List.of("figure"));
		apps.forEach(app -> header.add(app.app()));
		for (Variant app : compared) {
			header.addAll(List.of(versus(app, reference), "beyond spread?"));
		}
		md.header(header.toArray(String[]::new));
		for (PhaseFigure row : COMPARED) {
			List<String> cells = new ArrayList<>(List.of(row.label()));
			boolean any = false;
			for (Variant app : apps) {
				Spread spread = row.spread(figures, app);
				any |= spread != null;
				cells.add(Markdown.spread(spread, row.format()));
			}
			Spread from = row.spread(figures, reference);
			for (Variant app : compared) {
				Spread to = row.spread(figures, app);
				cells.addAll(List.of(Markdown.difference(from, to), beyondSpread(from, to)));
			}
			if (any) {
				md.row(cells.toArray());
			}
		}
		md.line();
	}

	/** "Kryo vs string", as the published comparison reads; any other app by its name. */
	private static String versus(Variant app, Variant reference) {
		String name = app.app().equals("kryo") ? "Kryo" : app.app();
		return name + " vs " + reference.app();
	}

	private static String beyondSpread(Spread from, Spread to) {
		Boolean beyond = Spread.beyondSpread(from, to);
		if (beyond == null) {
			return from == null || to == null ? "–" : "one run: no spread";
		}
		return beyond ? "**yes**" : "no, within spread";
	}

}
