package org.redisbench.launcher;

import java.nio.file.Path;

import org.redisbench.bench.run.RunReport;
import org.redisbench.report.ReportCommand;

/** The report a bench run ends with, written in the run's JVM: the report tool's, which the bench tool cannot name. */
public final class BenchReport implements RunReport {

	@Override
	public int write(Path run) {
		return ReportCommand.report(run);
	}

}
