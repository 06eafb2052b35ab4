package org.redisbench.report.sections;

import java.util.Map;

import org.redisbench.runresults.RunResults;

/** The machine and the tools the run measured with. */
public final class EnvironmentSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		md.line("## Environment");
		md.line();
		md.header("", "");
		for (Map.Entry<String, String> fact : run.environment().entrySet()) {
			md.row(fact.getKey(), fact.getValue().replace("|", "\\|"));
		}
		md.line();
	}

}
