package org.redisbench.html;

import java.util.List;

/**
 * What a report writer knows about its run besides the markdown: report.html shows the settings and warnings at its
 * top, and index.html lists the run with its headline figures (report.json keeps them for it).
 *
 * @param kind which writer: {@code bench}, {@code codec-lab}, {@code advice}, {@link #COMPARE}
 * @param started when the run started, as the run recorded it
 * @param commit the project's commit the run measured
 * @param warnings what a reader must know before trusting a figure: invalid runs, variants not run, samples too few
 * @param headline the figures a comparison of two runs starts with
 */
public record RunSummary(String kind, String started, String commit, List<Setting> settings, List<String> warnings,
		List<Figure> headline) {

	/**
	 * The kind of a comparison of runs (scripts/compare.sh): index.html lists and links it like any run, but never
	 * offers it to be compared, for compare.sh takes runs and not comparisons.
	 */
	public static final String COMPARE = "compare";

	public RunSummary {
		settings = List.copyOf(settings);
		warnings = List.copyOf(warnings);
		headline = List.copyOf(headline);
	}

}
