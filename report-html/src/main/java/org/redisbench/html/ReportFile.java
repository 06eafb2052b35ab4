package org.redisbench.html;

/**
 * report.json, beside report.html: what index.html lists of the run without reading its markdown again.
 *
 * @param title the report's title, its markdown's first heading
 * @param report the page, relative to the run's folder
 * @param markdown the markdown it renders, relative to the run's folder
 */
record ReportFile(String title, String report, String markdown, RunSummary run) {

	static final String NAME = "report.json";

}
