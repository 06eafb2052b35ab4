package org.redisbench.bench;

import java.nio.file.Path;

import org.redisbench.bench.run.RunReport;
import org.redisbench.report.ReportCommand;

/** The report a run ends with, as the launcher provides it, for the runs the tests start. */
public final class ReportForTests implements RunReport {

	@Override
	public int write(Path run) {
		return ReportCommand.report(run);
	}

}
