package org.redisbench.report;

/** What a slice of the app's CPU time was spent on, as {@link FrameRules} tells it from a sampled stack. */
enum CpuShare {

	/** Encoding and decoding persons, compression included: what the benchmark compares. */
	CODEC("codec"),

	/** The Redis access path: the store, Jedis, its connection pool and socket I/O. */
	REDIS_CLIENT("Redis client"),

	/** Tomcat, Spring MVC and the endpoints: everything between the socket and a controller's work. */
	HTTP("HTTP and framework"),

	/** Making new persons for /add and checking their md5 after /check. */
	PERSONS("building persons"),

	/** Timers and observations: Spring's http.server.requests and the store's own. */
	MICROMETER("Micrometer"),

	/** The garbage collector's threads, and allocation that had to call into it. */
	GC("GC"),

	/** The JIT compiler's threads: large in a measured phase means the warm-up was too short. */
	JIT("JIT compiler"),

	/** Anything no rule names: the JVM's other threads, the interpreter, stubs. */
	REST("the rest");

	private final String label;

	CpuShare(String label) {
		this.label = label;
	}

	String label() {
		return this.label;
	}

}
