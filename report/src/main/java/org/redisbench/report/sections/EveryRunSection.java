package org.redisbench.report.sections;

import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;

import static org.redisbench.report.sections.Markdown.opt;

/** Every record, valid or not, with why an invalid one is left out of the medians. */
public final class EveryRunSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		md.line("## Every run");
		md.line();
		md.header("variant", "phase", "repetition", "requests/s", "p99 ms", "failed", "non-2xx", "app CPU ms/request",
				"valid");
		for (SummaryRecord r : run.records()) {
			md.row(r.variant().name(), r.phase().label(), r.repetition(), opt(r.load().requestsPerSecond()),
					opt(r.load().p99Ms()), opt(r.load().failedRequests()), opt(r.load().non2xx()),
					opt(r.app().cpuMsPerRequest()),
					r.verdict().valid() ? "yes" : "**no, not averaged**: " + Markdown.cell(r.verdict().reason()));
		}
		md.line();
		md.line("Raw outputs of every run are under `raw/<variant>/rep<N>/` (`raw/<app>/rep<N>/` in a run without variants); "
				+ "`summary.csv` and `summary.json` hold every figure.");
	}

}
