package org.redisbench.bench;

import java.util.Map;

/** Checked settings for a test: the defaults, but for {@code variables} (BENCH_REQUESTS=...) as an environment's. */
public final class SettingsOfVariables {

	private SettingsOfVariables() {
	}

	public static BenchSettings of(Map<String, String> variables) {
		return BenchSettings.of(Setting.read(variables::get), true, false);
	}

}
