package org.redisbench.report.sections;

import java.util.function.Function;

import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

/** How fast Redis and HTTP alone went, next to what the apps drew from them. */
public final class CeilingsSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		md.line("## Ceilings");
		md.line();
		long batchSize = run.settings().getLong("batch_size");
		md.line("Each /add request makes " + batchSize + " SETs and each /check request " + batchSize
				+ " GETs on one Redis connection, one after "
				+ "another. `redis-benchmark` at the same value size and concurrency, and `ab` on /noop (no Redis, no "
				+ "codec), show how far each side of the app could go. On one machine the load tools share the cores "
				+ "with Redis and the app, so a ceiling is only firm where the client runs apart (placement).");
		md.line();
		md.header("app", "SETs/s via /add", "redis-benchmark SET ops/s", "GETs/s via /check",
				"redis-benchmark GET ops/s", "/noop requests/s");
		Function<SummaryRecord, Double> rps = r -> r.load().requestsPerSecond();
		Function<SummaryRecord, Double> commands = r -> rps.apply(r) == null ? null : rps.apply(r) * batchSize;
		for (Variant app : figures.baseline()) {
			md.row(app.app(), Markdown.spread(figures.spread(app, Phase.ADD, commands)),
					Markdown.spread(figures.spread(app, Phase.REDIS_SET, rps)),
					Markdown.spread(figures.spread(app, Phase.CHECK, commands)),
					Markdown.spread(figures.spread(app, Phase.REDIS_GET, rps)),
					Markdown.spread(figures.spread(app, Phase.NOOP, rps)));
		}
		md.line();
	}

}
