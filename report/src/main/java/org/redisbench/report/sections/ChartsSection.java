package org.redisbench.report.sections;

import java.util.List;

import org.redisbench.report.charts.Charts;
import org.redisbench.runresults.RunResults;

/** The charts {@link Charts} drew, in order; or, when Java could not draw text, why and how to draw them later. */
public final class ChartsSection implements Section {

	private final List<String> files;

	private final String failure;

	private ChartsSection(List<String> files, String failure) {
		this.files = files;
		this.failure = failure;
	}

	public static ChartsSection drawn(List<String> files) {
		return new ChartsSection(List.copyOf(files), null);
	}

	public static ChartsSection notDrawn(String failure) {
		return new ChartsSection(List.of(), failure);
	}

	@Override
	public void writeTo(Markdown md, RunResults run) {
		md.line("## Charts");
		md.line();
		if (this.failure != null) {
			md.line("Not drawn: `%s`. Java needs fontconfig and a font to draw text (Debian: `apt-get install "
					+ "fontconfig fonts-dejavu-core`); then run `java -jar launcher/target/redis-bench.jar report <this "
					+ "folder>` again.",
					this.failure);
			md.line();
			return;
		}
		md.line("Bars are medians. On the charts of the baseline apps, whiskers span the lowest to the highest valid run; "
				+ "the charts of every configuration show medians only.");
		md.line();
		for (String chart : this.files) {
			md.line("![%s](%s)", chart.replace(".png", "").replace('-', ' '), chart);
			md.line();
		}
	}

}
