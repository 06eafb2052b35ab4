package org.redisbench.bench;

import java.util.Map;

/** Checked settings for a test: the defaults, with {@code variables} (BENCH_REQUESTS=...) as the environment gives them. */
public final class SettingsOfVariables {

	private SettingsOfVariables() {
	}

	public static BenchSettings of(Map<String, String> variables) {
		return BenchSettings.of(Setting.read(variables::get), true, false);
	}

}
