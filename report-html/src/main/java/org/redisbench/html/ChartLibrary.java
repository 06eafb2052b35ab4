package org.redisbench.html;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Apache ECharts, which report.html inlines whole so that it draws without a network. Chosen over uPlot (about 50 kB
 * against the 700 kB of ECharts's "common" build): ECharts draws bars, grouped and stacked, as well as lines, log axes
 * and mark lines out of the box, shows every series's value at a category on hover, zooms, and draws SVG, whose
 * elements a test counts in the page; uPlot draws on a canvas only, and bars and tooltips through plugins one would
 * write. The build unpacks it from Maven Central's copy of its npm package (report-html/pom.xml).
 */
final class ChartLibrary {

	/** The build's copy: report-html/pom.xml unpacks it there and fails when it is missing. */
	static final String RESOURCE = "echarts/echarts.common.min.js";

	static final String NAME = "Apache ECharts";

	private ChartLibrary() {
	}

	/** The library's script; refuses, naming what to do, when the jar was built without it. */
	static String script() {
		return Page.resource(RESOURCE, NAME + "'s " + RESOURCE + " is missing from the jar, so report.html cannot draw "
				+ "its charts; rebuild the jar (./mvnw -pl report-html -am package fetches it from Maven Central)");
	}

	/** The release the build unpacked: the root pom's {@code echarts.version}. */
	static String version() {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(Page.resource("echarts.properties")));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return properties.getProperty("version");
	}

}
