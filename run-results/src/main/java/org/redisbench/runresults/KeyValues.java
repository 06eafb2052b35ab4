package org.redisbench.runresults;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A {@code NAME=value} file as bench.sh writes them (settings, environment facts); {@code #} starts a comment. */
public final class KeyValues {

	private final Map<String, String> values;

	private KeyValues(Map<String, String> values) {
		this.values = Collections.unmodifiableMap(values);
	}

	public static KeyValues parse(String text) {
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : text.split("\\r?\\n")) {
			int equals = line.indexOf('=');
			if (!line.startsWith("#") && equals > 0) {
				values.put(line.substring(0, equals).strip(), line.substring(equals + 1).strip());
			}
		}
		return new KeyValues(values);
	}

	public static KeyValues empty() {
		return new KeyValues(Map.of());
	}

	public String get(String name, String fallback) {
		return this.values.getOrDefault(name, fallback);
	}

	public Long getLong(String name) {
		String value = this.values.get(name);
		return value == null || value.isEmpty() ? null : Long.valueOf(value);
	}

	/** A number with a fraction, such as bash's {@code EPOCHREALTIME}; {@code null} when absent or empty. */
	public Double getDouble(String name) {
		String value = this.values.get(name);
		return value == null || value.isEmpty() ? null : Double.valueOf(value);
	}

	public Map<String, String> asMap() {
		return this.values;
	}

}
