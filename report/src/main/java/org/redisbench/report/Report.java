package org.redisbench.report;

import java.util.List;

import org.redisbench.report.sections.BaselineSection;
import org.redisbench.report.sections.CeilingsSection;
import org.redisbench.report.sections.ChartsSection;
import org.redisbench.report.sections.ClusterSection;
import org.redisbench.report.sections.ConcurrencySection;
import org.redisbench.report.sections.ConfigurationsSection;
import org.redisbench.report.sections.DistanceSection;
import org.redisbench.report.sections.EnvironmentSection;
import org.redisbench.report.sections.EveryRunSection;
import org.redisbench.report.sections.Markdown;
import org.redisbench.report.sections.OpenLoopSection;
import org.redisbench.report.sections.OverTimeSection;
import org.redisbench.report.sections.OverviewSection;
import org.redisbench.report.sections.PerAppSection;
import org.redisbench.report.sections.ProfileSection;
import org.redisbench.report.sections.ProxyHopSection;
import org.redisbench.report.sections.PublishedSection;
import org.redisbench.report.sections.Section;
import org.redisbench.report.sections.SettingsSection;
import org.redisbench.report.sections.StoresSection;
import org.redisbench.report.sections.TargetsSection;
import org.redisbench.report.sections.TimeSplitSection;
import org.redisbench.report.sections.WarmupSection;
import org.redisbench.runresults.RunResults;

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
