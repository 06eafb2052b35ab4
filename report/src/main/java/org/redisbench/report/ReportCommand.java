package org.redisbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.LibraryMissingException;
import org.redisbench.html.ResultsFolder;
import org.redisbench.report.charts.Charts;
import org.redisbench.report.charts.LatencyThroughputChart;
import org.redisbench.report.charts.OverTimeCharts;
import org.redisbench.report.sections.ChartsSection;
import org.redisbench.report.sections.OpenLoopSection;
import org.redisbench.report.sections.OverTimeSection;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.RunResults;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code redis-bench report RUN}, which scripts/bench.sh runs at its end: reads the raw outputs of a bench.sh run and
 * writes summary.csv, summary.json, report.md, report.html and the charts into its folder, then rewrites the index of
 * the runs beside it. Runs are compared by {@code redis-bench compare}.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
		description = { "Reads the raw/ outputs of a scripts/bench.sh run again and writes summary.csv, summary.json,"
				+ " report.md, report.html and the charts into its folder (docs/bench.md), then rewrites the index.html"
				+ " of the runs beside it (docs/report-html.md)." },
		footer = { "%nExit status: 0 every run valid, 3 the report lists invalid runs or a variant that never ran, 1 the"
				+ " raw outputs cannot be read or the program lacks report.html's chart library, 2 bad option or a"
				+ " folder that is no run: one line saying which." })
public final class ReportCommand implements Callable<Integer> {

	static final int SOME_RUNS_INVALID = 3;

	@Parameters(paramLabel = "RUN", description = "the output folder of a scripts/bench.sh run, results/<timestamp>")
	Path run;

	@ArgGroup(validate = false, heading = "%nBuild (read by scripts/lib/launcher.sh):%n")
	final JarBuild build = new JarBuild();

	@Override
	public Integer call() {
		if (!Files.isDirectory(this.run.resolve("raw"))) {
			throw new Refusal(this.run + " is not a run folder of scripts/bench.sh: it has no raw/");
		}
		return report(this.run);
	}

	/**
	 * The run's report written, then the index of the runs beside it rewritten (its line printed): 0, or
	 * {@link #SOME_RUNS_INVALID}; a {@code Failure} when its raw outputs cannot be read. What {@code redis-bench bench}
	 * ends with, in its own JVM.
	 */
	public static int report(Path run) {
		int status;
		try {
			status = write(run);
		}
		catch (IOException | UncheckedIOException ex) {
			throw new Failure("cannot read the raw outputs of " + run + ": " + ex.getMessage(), ex);
		}
		catch (LibraryMissingException ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		ResultsFolder.index(run).ifPresent(System.out::println);
		return status;
	}

	/** The run's files written; 0, or {@link #SOME_RUNS_INVALID}. */
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
