package org.redisbench.report;

import java.util.Map;

/** The machine and the tools the run measured with. */
final class EnvironmentSection implements Section {

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
