package org.redisbench.bench;

import java.lang.reflect.AnnotatedElement;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Layout;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * bench's option list, by topic: each option with its setting's variable and current value, and under it the
 * settings that have no option, so that every BENCH_* variable is in --help where its topic is.
 */
final class BenchHelp {

	private BenchHelp() {
	}

	/** Replaces picocli's flat option list of that command with the one by topic, showing these values. */
	static void install(CommandSpec spec, Map<Setting, String> values) {
		spec.usageMessage().sectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, (help) -> byTopic(help, values));
		spec.usageMessage().sectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, (help) -> "");
	}

	private static String byTopic(Help help, Map<Setting, String> values) {
		StringBuilder text = new StringBuilder();
		for (Topic topic : Topic.values()) {
			Layout layout = help.createDefaultLayout();
			help.commandSpec().options().stream()
				.filter((option) -> !option.hidden() && topicOf(option).equals(Optional.of(topic)))
				.sorted(Comparator.comparingInt(OptionSpec::order))
				.forEach((option) -> layout.addOption(shown(option, values), help.createDefaultParamLabelRenderer()));
			for (Setting setting : Setting.values()) {
				if (setting.topic() == topic && !setting.help().isEmpty()) {
					layout.textTable().addRowValues("", "", "", "", setting.help() + " " + shown(setting, values));
				}
			}
			text.append(System.lineSeparator()).append(topic.heading()).append(':').append(System.lineSeparator())
				.append(layout);
		}
		return text.toString();
	}

	private static Optional<Topic> topicOf(OptionSpec option) {
		if (!(option.userObject() instanceof AnnotatedElement element)) {
			return Optional.empty();
		}
		About about = element.getAnnotation(About.class);
		In in = element.getAnnotation(In.class);
		return about != null ? Optional.of(about.value().topic()) : Optional.ofNullable(in).map(In::value);
	}

	private static OptionSpec shown(OptionSpec option, Map<Setting, String> values) {
		About about = ((AnnotatedElement) option.userObject()).getAnnotation(About.class);
		if (about == null) {
			return option;
		}
		// picocli formats an option's description: a % in a value is a percent sign, not a format.
		return OptionSpec.builder(option)
			.description(option.description()[0] + " " + shown(about.value(), values).replace("%", "%%"))
			.build();
	}

	private static String shown(Setting setting, Map<Setting, String> values) {
		return "[" + setting.variable() + "=" + values.get(setting) + "]";
	}

}
