package org.redisbench.report;

/** The report's title, how many runs are valid, and which variants never ran. */
final class OverviewSection implements Section {

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
		md.line("Medians over the valid repetitions, with the lowest and highest run in brackets.");
		md.line();
	}

}
