package org.redisbench.report.sections;

import java.util.Map;

import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/**
 * Requests/s and p99 against ab's concurrency, per configuration. Somewhere concurrency outgrows a limit (the
 * connection pool, Tomcat's threads, Redis's {@code maxclients}, ab's own, open files): the runs that failed keep
 * their row with why, never vanish from it. Nothing when the run measured one concurrency only.
 */
public final class ConcurrencySection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		Sweep sweep = Sweep.concurrency(figures.variants());
		if (!sweep.varies()) {
			return;
		}
		md.line("## Concurrency");
		md.line();
		md.line("Each configuration at every `ab -c` of the run. A run that failed (ab gave up or timed out, non-2xx "
				+ "answers such as 503s) is left out of the medians and named under *left out*, with why; a "
				+ "concurrency none of whose runs is valid shows – for its figures.");
		md.line();
		md.header("configuration", "phase", "concurrency", "requests/s", "p99 ms", "time per request ms", "left out");
		for (Map.Entry<String, Map<Double, Variant>> line : sweep.lines().entrySet()) {
			for (Phase phase : Phase.THROUGH_CODEC) {
				for (Variant v : line.getValue().values()) {
					md.row(line.getKey(), phase.path(), v.concurrency(),
							Markdown.spread(figures.spread(v, phase, r -> r.load().requestsPerSecond())),
							Markdown.spread(figures.spread(v, phase, r -> r.load().p99Ms())),
							Markdown.spread(figures.spread(v, phase, r -> r.load().timePerRequestMs())),
							Markdown.cell(figures.failures(v, phase)));
				}
			}
		}
		md.line();
	}

}
