package org.redisbench.bench.run;

import java.nio.file.Path;
import java.util.ServiceLoader;

import org.redisbench.commandline.Failure;

/**
 * The report a run ends with, written in the run's own JVM: summary.csv and .json, report.md, report.html and the
 * charts, then the index of the runs beside it. The report is a tool of its own, and a tool depends on no other: the
 * program that holds both (the launcher) provides it as a service.
 */
public interface RunReport {

	/** Writes the run's report: 0 every run valid, 3 some listed invalid; a {@code Failure} when it cannot. */
	int write(Path run);

	/** The one this program provides. */
	static RunReport provided() {
		return ServiceLoader.load(RunReport.class).findFirst()
			.orElseThrow(() -> new Failure("this program has no report: run redis-bench bench"));
	}

}
