package org.redisbench.report.sections;

import java.util.List;
import java.util.stream.Collectors;

import org.redisbench.model.Layout;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/** The report's title, how many runs are valid, which variants never ran, and the Redis layouts the run has. */
public final class OverviewSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		md.line("# JSON text or Kryo bytes in Redis: benchmark report");
		md.line();
		long invalid = figures.all().stream().filter(r -> !r.verdict().valid()).count();
		md.line("%d runs measured (variant × phase × repetition), %d valid.%s", figures.all().size(),
				figures.all().size() - invalid,
				invalid == 0 ? "" : " **" + invalid + (invalid == 1 ? " invalid run is" : " invalid runs are")
						+ " listed under *Every run* and left out of every median.**");
		md.line();
		if (!run.notRun().isEmpty()) {
			md.line("**The run stopped before these variants of settings.env, which have no results: %s.**",
					String.join(", ", run.notRun()));
			md.line();
		}
		layouts(md, figures);
		md.line("Medians over the valid repetitions, with the lowest and highest run in brackets.");
		md.line();
	}

	/** Which Redis layouts the run compares, when it has any but the published one. */
	private static void layouts(Markdown md, Figures figures) {
		List<Layout> layouts = figures.variants().stream().map(Variant::layout).distinct().toList();
		if (layouts.stream().allMatch(Layout::isPublished)) {
			return;
		}
		md.line("Redis layouts in this run: %s. *Configurations compared* has every variant with its layout, and "
				+ "says the Redis setting hash buckets need.", layouts.stream()
					.map(layout -> "`" + layout.label() + "` (" + layout.description() + ")")
					.collect(Collectors.joining(", ")));
		md.line();
	}

}
