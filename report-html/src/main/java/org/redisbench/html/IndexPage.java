package org.redisbench.html;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * index.html of a folder of runs (results/): every run in it, newest first, with its kind, start, commit and headline
 * figures from its report.json and a link to its report.html (a comparison of runs among them, its headline the
 * changes it found); and a picker of two runs, comparisons left out, that sets the headline figures both hold side by
 * side and gives the {@code scripts/compare.sh} command that compares them properly. A folder with
 * a {@code raw/} but no report.json is a run from before report.html, or one that stopped: listed, linked to its
 * folder.
 */
public final class IndexPage {

	public static final String FILE = "index.html";

	/** The figures of a run's first group the list shows; the comparison shows them all. */
	private static final int LISTED_FIGURES = 4;

	private IndexPage() {
	}

	/**
	 * One run of the folder: its report.json read, or {@code summary} {@code null} and {@code problem} saying why.
	 */
	record Run(String name, FileTime time, ReportFile summary, String problem) {
	}

	/**
	 * Writes {@code folder}/index.html and returns how many runs it lists.
	 *
	 * @param shown the folder as the compare command names it: as given on the command line, so that
	 * {@code results} from the repository's root gets {@code scripts/compare.sh results/A results/B}
	 */
	public static int write(Path folder, String shown) throws IOException {
		List<Run> runs = runs(folder);
		String title = "Runs in " + shown;
		StringBuilder page = new StringBuilder(Page.head(title));
		page.append("<header>\n<h1>").append(Page.escape(title)).append("</h1>\n<p class=\"run\">").append(runs.size())
			.append(runs.size() == 1 ? " run" : " runs").append(", newest first; written at the end of every bench, "
					+ "codec lab, advisor and compare run.</p>\n</header>\n");
		list(page, runs);
		compare(page, runs);
		page.append("<footer>Written by report-html from each run's report.json.</footer>\n");
		page.append(Page.data("runs-data", runs.stream().map((run) -> json(run, shown)).toList()));
		page.append("<script>\n").append(Page.resource("index.js")).append("</script>\n</body>\n</html>\n");
		Files.writeString(folder.resolve(FILE), page, StandardCharsets.UTF_8);
		return runs.size();
	}

	static List<Run> runs(Path folder) throws IOException {
		List<Run> runs = new ArrayList<>();
		try (Stream<Path> children = Files.list(folder)) {
			for (Path child : children.filter(Files::isDirectory).toList()) {
				Path json = child.resolve(ReportFile.NAME);
				Path raw = child.resolve("raw");
				if (Files.isRegularFile(json)) {
					runs.add(read(child, json));
				}
				else if (Files.isDirectory(raw)) {
					runs.add(new Run(child.getFileName().toString(), Files.getLastModifiedTime(raw), null,
							"no report.html: a run from before it, or one that stopped early"));
				}
			}
		}
		runs.sort(Comparator.comparing(Run::time).thenComparing(Run::name).reversed());
		return runs;
	}

	private static Run read(Path child, Path json) throws IOException {
		String name = child.getFileName().toString();
		FileTime time = Files.getLastModifiedTime(json);
		try {
			return new Run(name, time, Page.JSON.readValue(json.toFile(), ReportFile.class), null);
		}
		catch (RuntimeException ex) {
			// one unreadable run must not take the index of every other with it
			return new Run(name, time, null, ReportFile.NAME + " unreadable: " + ex.getMessage());
		}
	}

	private static void list(StringBuilder page, List<Run> runs) {
		page.append("<section id=\"runs\">\n<h2>Every run</h2>\n");
		if (runs.isEmpty()) {
			page.append("<p class=\"quiet\">No run yet.</p>\n</section>\n");
			return;
		}
		page.append("<table>\n<thead><tr><th>run</th><th>kind</th><th>started</th><th>commit</th><th>title</th>"
				+ "<th>headline</th><th>warnings</th></tr></thead>\n<tbody>\n");
		for (Run run : runs) {
			page.append("<tr data-run=\"").append(Page.escape(run.name())).append("\">");
			ReportFile summary = run.summary();
			if (summary == null) {
				page.append("<td><a href=\"").append(Page.escape(href(run.name()))).append("/\">")
					.append(Page.escape(run.name())).append("</a></td><td colspan=\"6\" class=\"quiet\">")
					.append(Page.escape(run.problem())).append("</td></tr>\n");
				continue;
			}
			RunSummary facts = summary.run();
			page.append("<td><a href=\"").append(Page.escape(href(run.name()) + "/" + summary.report())).append("\">")
				.append(Page.escape(run.name())).append("</a></td><td>").append(Page.escape(facts.kind()))
				.append("</td><td>").append(Page.escape(facts.started())).append("</td><td><code>")
				.append(Page.escape(facts.commit())).append("</code></td><td>").append(Page.escape(summary.title()))
				.append("</td><td>").append(headline(facts.headline())).append("</td><td>")
				.append(facts.warnings().size()).append("</td></tr>\n");
		}
		page.append("</tbody>\n</table>\n</section>\n");
	}

	/** The first group's figures: a bench run's first variant, the codec lab's first configuration. */
	private static String headline(List<Figure> figures) {
		if (figures.isEmpty()) {
			return "<span class=\"quiet\">none</span>";
		}
		String group = figures.get(0).group();
		List<Figure> first = figures.stream().filter((f) -> f.group().equals(group)).limit(LISTED_FIGURES).toList();
		StringBuilder cell = new StringBuilder("<b>").append(Page.escape(group)).append("</b>: ");
		for (int i = 0; i < first.size(); i++) {
			Figure figure = first.get(i);
			cell.append(i == 0 ? "" : ", ").append(Page.escape(figure.name())).append(' ')
				.append(format(figure.value())).append(' ').append(Page.escape(figure.unit()));
		}
		long groups = figures.stream().map(Figure::group).distinct().count();
		if (groups > 1) {
			cell.append(" <span class=\"quiet\">(and ").append(groups - 1).append(" more in the report)</span>");
		}
		return cell.toString();
	}

	private static void compare(StringBuilder page, List<Run> runs) {
		page.append("<section id=\"compare\">\n<h2>Compare two runs</h2>\n");
		if (runs.stream().filter(IndexPage::comparable).count() < 2) {
			page.append("<p class=\"quiet\">Two runs with a report.html, other than comparisons, are needed.</p>\n"
					+ "</section>\n");
			return;
		}
		page.append("<p><label>base <select id=\"base\"></select></label> <label>new <select id=\"new\"></select>"
				+ "</label></p>\n<p>The headline figures both hold, side by side. Whether a change is real, beyond the "
				+ "run-to-run spread, is what <code>scripts/compare.sh</code> answers from every sample of both "
				+ "runs:</p>\n<pre><code id=\"command\"></code></pre>\n"
				+ "<p id=\"in-common\" class=\"quiet\"></p>\n<table id=\"side-by-side\">\n"
				+ "<thead><tr><th>of</th><th>figure</th><th>unit</th><th>base</th>"
				+ "<th>new</th><th>new / base</th></tr></thead>\n<tbody></tbody>\n</table>\n</section>\n");
	}

	private static Map<String, Object> json(Run run, String shown) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("name", run.name());
		json.put("path", shown.isEmpty() || shown.equals(".") ? run.name() : stripSlash(shown) + "/" + run.name());
		ReportFile summary = run.summary();
		json.put("report", summary == null ? null : run.name() + "/" + summary.report());
		json.put("kind", summary == null ? null : summary.run().kind());
		json.put("started", summary == null ? null : summary.run().started());
		json.put("commit", summary == null ? null : summary.run().commit());
		json.put("figures", summary == null ? List.of() : summary.run().headline());
		json.put("comparable", comparable(run));
		return json;
	}

	/** A run the picker offers: one with a report, and no comparison of runs. */
	private static boolean comparable(Run run) {
		return run.summary() != null && !RunSummary.COMPARE.equals(run.summary().run().kind());
	}

	private static String stripSlash(String path) {
		return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
	}

	/** A folder's name as a relative URL: every byte but the safe ones percent-encoded. */
	static String href(String name) {
		StringBuilder href = new StringBuilder();
		for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
			char c = (char) (b & 0xff);
			if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
				href.append(c);
			}
			else {
				href.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
			}
		}
		return href.toString();
	}

	/** A figure for the list: whole above 1,000, one decimal above 10, else three significant digits. */
	static String format(double value) {
		double magnitude = Math.abs(value);
		if (magnitude >= 1000) {
			return String.format(Locale.ROOT, "%,.0f", value);
		}
		if (magnitude >= 10) {
			return String.format(Locale.ROOT, "%,.1f", value);
		}
		return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
	}

}
