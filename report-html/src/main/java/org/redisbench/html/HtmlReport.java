package org.redisbench.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * report.html beside a run's markdown report, the one place every report writer (bench-report, the codec lab, the
 * value advisor) writes it from: the run's warnings and settings at the top, then its charts, drawn from the typed
 * data the writer passes and hovered for their values, then the markdown, every table as it is. One file: the
 * chart library, the style and the script are inlined, so that it opens anywhere without a network. report.json
 * beside it keeps the run's summary for index.html.
 */
public final class HtmlReport {

	public static final String FILE = "report.html";

	private HtmlReport() {
	}

	/**
	 * Writes report.html and report.json into the markdown's folder and returns report.html's path. Charts without
	 * a point are left out.
	 *
	 * @throws LibraryMissingException when the jar lacks the chart library: nothing is written then
	 */
	public static Path write(Path markdown, RunSummary run, List<Chart> charts) throws IOException {
		return write(markdown, run, List.of(), charts);
	}

	/**
	 * The same, with tables at the top, before the warnings: what a comparison must show first.
	 *
	 * @throws LibraryMissingException when the jar lacks the chart library: nothing is written then
	 */
	public static Path write(Path markdown, RunSummary run, List<Table> top, List<Chart> charts) throws IOException {
		String library = ChartLibrary.script();
		Path folder = markdown.toAbsolutePath().getParent();
		MarkdownBody body = MarkdownBody.render(Files.readString(markdown, StandardCharsets.UTF_8),
				markdown.getFileName().toString());
		List<Chart> drawn = charts.stream().filter((chart) -> !chart.isEmpty()).toList();
		StringBuilder page = new StringBuilder(Page.head(body.title()));
		header(page, body.title(), markdown.getFileName().toString(), run, top);
		charts(page, drawn);
		page.append("<main id=\"report\">\n").append(body.html()).append("</main>\n");
		page.append("<footer>Charts drawn by ").append(ChartLibrary.NAME).append(' ').append(ChartLibrary.version())
			.append(" (Apache License 2.0), inlined in this file; written from ")
			.append(Page.escape(markdown.getFileName().toString()))
			.append(" by report-html.</footer>\n");
		page.append("<script>\n").append(library).append("\n</script>\n");
		page.append(Page.data("chart-data", drawn.stream().map(ChartData::of).toList()));
		page.append("<script>\n").append(Page.resource("report.js")).append("</script>\n</body>\n</html>\n");
		Path html = folder.resolve(FILE);
		Files.writeString(html, page, StandardCharsets.UTF_8);
		Page.JSON.writerWithDefaultPrettyPrinter()
			.writeValue(folder.resolve(ReportFile.NAME).toFile(),
					new ReportFile(body.title(), FILE, markdown.getFileName().toString(), run));
		return html;
	}

	private static void header(StringBuilder page, String title, String markdown, RunSummary run, List<Table> top) {
		page.append("<header>\n<h1>").append(Page.escape(title)).append("</h1>\n");
		page.append("<p class=\"run\">").append(Page.escape(run.kind())).append(" run, started ")
			.append(Page.escape(run.started())).append(", commit <code>").append(Page.escape(run.commit()))
			.append("</code> · <a href=\"").append(Page.escape(markdown)).append("\">").append(Page.escape(markdown))
			.append("</a></p>\n");
		top.forEach((table) -> table(page, table));
		if (run.warnings().isEmpty()) {
			page.append("<p id=\"warnings\" class=\"quiet\">No warnings.</p>\n");
		}
		else {
			page.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n");
			run.warnings().forEach((warning) -> page.append("<li>").append(Page.escape(warning)).append("</li>\n"));
			page.append("</ul>\n</section>\n");
		}
		page.append("<details id=\"settings\" open>\n<summary>Settings</summary>\n<dl>\n");
		for (Setting setting : run.settings()) {
			page.append("<div><dt>").append(Page.escape(setting.name())).append("</dt><dd>")
				.append(Page.escape(setting.value())).append("</dd></div>\n");
		}
		page.append("</dl>\n</details>\n</header>\n");
	}

	private static void table(StringBuilder page, Table table) {
		page.append("<section id=\"").append(Page.escape(table.id())).append("\">\n<h2>")
			.append(Page.escape(table.title())).append("</h2>\n");
		if (table.rows().isEmpty()) {
			page.append("<p class=\"quiet\">").append(Page.escape(table.empty())).append("</p>\n</section>\n");
			return;
		}
		page.append("<table>\n<thead><tr>");
		table.header().forEach((cell) -> page.append("<th>").append(Page.escape(cell)).append("</th>"));
		page.append("</tr></thead>\n<tbody>\n");
		for (List<String> row : table.rows()) {
			page.append("<tr>");
			row.forEach((cell) -> page.append("<td>").append(Page.escape(cell)).append("</td>"));
			page.append("</tr>\n");
		}
		page.append("</tbody>\n</table>\n</section>\n");
	}

	private static void charts(StringBuilder page, List<Chart> charts) {
		page.append("<section id=\"charts\">\n<h2>Charts</h2>\n");
		if (charts.isEmpty()) {
			page.append("<p class=\"quiet\">No chart: the run has no figure to draw.</p>\n");
		}
		else {
			page.append("<p class=\"quiet\">Hover a bar or a point for its values (a median's lowest and highest run, "
					+ "an estimate's interval); click a legend entry to hide its series; over seconds or requests/s, "
					+ "scroll to zoom.</p>\n");
		}
		for (int i = 0; i < charts.size(); i++) {
			page.append("<figure class=\"chart\" id=\"chart-").append(i).append("\" data-points=\"")
				.append(charts.get(i).points()).append("\">\n<figcaption>").append(Page.escape(charts.get(i).title()))
				.append("</figcaption>\n<div class=\"plot\"></div>\n</figure>\n");
		}
		page.append("</section>\n");
	}

}
