package org.redisbench.bench;

import java.util.Arrays;
import java.util.List;

import org.redisbench.valueformat.Named;

/** An app bench runs (its module is {@code <label>-app}), with the settings of where it is. */
public enum App implements Named {

	STRING(Setting.STRING_PORT, Setting.STRING_URL), KRYO(Setting.KRYO_PORT, Setting.KRYO_URL),
	JACKSON(Setting.JACKSON_PORT, Setting.JACKSON_URL);

	private final Setting port;

	private final Setting url;

	App(Setting port, Setting url) {
		this.port = port;
		this.url = url;
	}

	@Override
	public String label() {
		return Named.labelOf(this);
	}

	/** The first port tried for it. */
	Setting port() {
		return this.port;
	}

	/** An app already running there, which bench neither starts nor stops. */
	Setting url() {
		return this.url;
	}

	static List<String> labels() {
		return Arrays.stream(values()).map(App::label).toList();
	}

}
