package org.redisbench.instrumentcost;

import java.util.ArrayList;
import java.util.List;

/**
 * What one app is started with: the runtime, the kind of its request threads, Tomcat's most request threads
 * ({@link #DEFAULT_TOMCAT} under virtual threads, which run each request on a thread of its own, so that Tomcat's
 * count does not apply to them) and more app properties ({@link #NO_PROPERTIES}, or Spring properties
 * {@code name=value} joined by {@code +}).
 */
record ServerSetting(JavaRuntime java, String threads, String tomcat, String properties) {

	static final String PLATFORM = "platform";

	static final String VIRTUAL = "virtual";

	static final String DEFAULT_TOMCAT = "-";

	static final String NO_PROPERTIES = "none";

	/** Tomcat keeps this many spare threads by default, and refuses more spare threads than it may have. */
	private static final int TOMCAT_SPARE = 10;

	/**
	 * Every setting a round measures, in the order it measures them: per runtime and thread kind, platform threads
	 * under each Tomcat count, virtual threads once, on the runtimes of {@link JavaRuntime#VIRTUAL_THREADS} and
	 * later only (below, Spring Boot would run platform threads under another name).
	 */
	static List<ServerSetting> all(List<JavaRuntime> javas, List<String> threads, List<String> tomcats,
			List<String> properties) {
		List<ServerSetting> settings = new ArrayList<>();
		for (JavaRuntime java : javas) {
			for (String kind : threads) {
				List<String> counts = kind.equals(PLATFORM) ? tomcats
						: java.major() >= JavaRuntime.VIRTUAL_THREADS ? List.of(DEFAULT_TOMCAT) : List.of();
				for (String tomcat : counts) {
					for (String more : properties) {
						settings.add(new ServerSetting(java, kind, tomcat, more));
					}
				}
			}
		}
		return settings;
	}

	/** The app's arguments for this setting, after those every setting shares. */
	List<String> arguments() {
		List<String> arguments = new ArrayList<>();
		arguments.add("--spring.threads.virtual.enabled=" + this.threads.equals(VIRTUAL));
		if (!this.tomcat.equals(DEFAULT_TOMCAT)) {
			int count = Integer.parseInt(this.tomcat);
			arguments.add("--server.tomcat.threads.max=" + count);
			arguments.add("--server.tomcat.threads.min-spare=" + Math.min(count, TOMCAT_SPARE));
		}
		if (!this.properties.equals(NO_PROPERTIES)) {
			for (String property : this.properties.split("\\+")) {
				arguments.add("--" + property);
			}
		}
		return arguments;
	}

	/** As part of a file's name: runtime, threads, Tomcat and the properties, file-safe. */
	String fileName() {
		return this.java.label() + "-" + this.threads + "-" + this.tomcat + "-"
				+ this.properties.replaceAll("[^a-zA-Z0-9.=-]", "_");
	}

	/** The facts' first four fields: runtime, threads, Tomcat and the properties. */
	String facts() {
		return this.java.label() + " " + this.threads + " " + this.tomcat + " " + this.properties;
	}

	@Override
	public String toString() {
		return this.java.label() + ", " + this.threads + " threads, Tomcat threads " + this.tomcat + ", "
				+ this.properties;
	}

}
