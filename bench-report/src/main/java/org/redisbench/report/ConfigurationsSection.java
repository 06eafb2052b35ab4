package org.redisbench.report;

/** Every variant of the run side by side: its headline figures. */
final class ConfigurationsSection implements Section {

	/** The column of {@link Variant#rtts()}. */
	static final String RTTS = "added RTT ms, Redis · app";

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		md.line("## Configurations compared");
		md.line();
		md.header("app", "mode", "compression", "topology", RTTS, "concurrency", "/add requests/s", "/check requests/s",
				"Redis bytes per person", "value bytes", "app CPU ms per request, /add", "app CPU ms per request, /check");
		for (Variant v : figures.variants()) {
			md.row(v.app(), v.mode(), v.compression(), v.topology(), v.rtts(), v.concurrency(),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.load().requestsPerSecond())),
					Markdown.spread(figures.spread(v, Phase.CHECK, r -> r.load().requestsPerSecond())),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.redis().bytesPerPerson())),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.redis().valueBytes())),
					Markdown.spread(figures.spread(v, Phase.ADD, r -> r.app().cpuMsPerRequest())),
					Markdown.spread(figures.spread(v, Phase.CHECK, r -> r.app().cpuMsPerRequest())));
		}
		md.line();
	}

}
