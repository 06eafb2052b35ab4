package org.redisbench.report;

import java.util.List;

/**
 * report.md: what a reader needs to trust the figures, compare them with the published experiment's, and judge the
 * differences. Its sections in the order they are written: a new section is one class and one line here.
 */
final class Report {

	static final String FILE = "report.md";

	private final List<Section> sections;

	Report(ChartsSection charts, OverTimeSection overTime, OpenLoopSection openLoop) {
		this.sections = List.of(
				new OverviewSection(),
				new SettingsSection(),
				new EnvironmentSection(),
				new BaselineSection(),
				new PublishedSection(),
				new PerAppSection(),
				new CeilingsSection(),
				new ConfigurationsSection(),
				new WarmupSection(),
				new TimeSplitSection(),
				new ProfileSection(),
				new DistanceSection(),
				new ProxyHopSection(),
				new ConcurrencySection(),
				new StoresSection(),
				new TargetsSection(),
				new ClusterSection(),
				openLoop,
				charts,
				overTime,
				new EveryRunSection());
	}

	String render(RunResults run) {
		Markdown md = new Markdown();
		for (Section section : this.sections) {
			section.writeTo(md, run);
		}
		return md.text();
	}

}
