package org.redisbench.report.sections;

import java.util.List;

import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/** Which variants the app-to-app sections compare, since a matrix run may lack the published setup. */
public final class BaselineSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		List<Variant> baseline = run.figures().baseline();
		if (baseline.isEmpty()) {
			return;
		}
		Variant first = baseline.get(0);
		md.line("## Baseline");
		md.line();
		md.line(first.publishedSetup()
				? "The sections up to *Charts* compare the apps in the published setup: mode/compression/topology %s."
				: "This run has no %s variant with a key per person and without added distance, the published setup: "
						+ "the sections up to *Charts* compare the apps in the first setup it ran instead, "
						+ "mode/compression/topology %s.",
				first.publishedSetup() ? first.setup() : Variant.PUBLISHED_SETUP, first.setup());
		md.line();
	}

}
