package org.redisbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.redisbench.html.HtmlReport;
import org.redisbench.html.LibraryMissingException;
import org.redisbench.report.charts.Charts;
import org.redisbench.report.charts.LatencyThroughputChart;
import org.redisbench.report.charts.OverTimeCharts;
import org.redisbench.report.sections.ChartsSection;
import org.redisbench.report.sections.OpenLoopSection;
import org.redisbench.report.sections.OverTimeSection;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.RunResults;

/**
 * {@code java -jar report.jar <output folder of bench.sh>}: writes summary.csv, summary.json, report.md,
 * report.html and the charts into that folder. Exits 0 when every run is valid, 3 when some are not or some variant
 * never ran (the report lists them), 1 when the raw outputs cannot be read or the jar lacks report.html's chart
 * library (one line). Runs are compared by module compare's jar.
 */
public final class Main {

	static final int SOME_RUNS_INVALID = 3;

	private Main() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 1) {
			System.err.println("usage: java -jar report.jar <output folder of scripts/bench.sh>");
			System.exit(1);
		}
		try {
			System.exit(write(Path.of(args[0])));
		}
		catch (LibraryMissingException ex) {
			System.err.println("bench-report: " + ex.getMessage());
			System.exit(1);
		}
	}

	static int write(Path output) throws IOException {
		RunResults run = RunResults.load(output);
		SummaryFiles.write(output, run.records());
		OverTime overTime = OverTime.load(output);
		overTime.writeCsv(output);
		List<String> charts = List.of();
		List<String> overTimeCharts = List.of();
		OpenLoopRuns openLoop = OpenLoopRuns.load(output);
		List<String> openLoopCharts = List.of();
		ChartsSection chartsSection;
		try {
			charts = Charts.write(output, run.figures());
			chartsSection = ChartsSection.drawn(charts);
			overTimeCharts = OverTimeCharts.write(output, overTime);
			openLoopCharts = LatencyThroughputChart.write(output, openLoop);
		}
		catch (RuntimeException | LinkageError | InternalError | java.awt.AWTError ex) {
			// A JRE without fonts cannot draw text; the figures are worth writing all the same.
			chartsSection = ChartsSection.notDrawn(ex.toString());
			System.err.println("charts not drawn: " + ex);
		}
		Report report = new Report(chartsSection, new OverTimeSection(overTime, overTimeCharts),
				new OpenLoopSection(openLoop, openLoopCharts));
		Files.writeString(output.resolve(Report.FILE), report.render(run), StandardCharsets.UTF_8);
		BenchPage.write(output, run, overTime, openLoop);
		long invalid = run.records().stream().filter(r -> !r.verdict().valid()).count();
		System.out.printf("%d runs, %d invalid; wrote %s, %s, %s, %s and %d charts in %s%n", run.records().size(), invalid,
				SummaryFiles.CSV, SummaryFiles.JSON, Report.FILE, HtmlReport.FILE,
				charts.size() + overTimeCharts.size() + openLoopCharts.size(), output);
		return invalid == 0 && run.notRun().isEmpty() ? 0 : SOME_RUNS_INVALID;
	}

}
