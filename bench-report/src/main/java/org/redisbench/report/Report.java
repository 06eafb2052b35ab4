package org.redisbench.report;

import static org.redisbench.report.Markdown.difference;
import static org.redisbench.report.Markdown.opt;
import static org.redisbench.report.Markdown.spread;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/** report.md: what a reader needs to trust the figures, compare them with the post's, and judge the differences. */
final class Report {

	static final String FILE = "report.md";

	private static final double GIB = 1024.0 * 1024 * 1024;

	private static final long PUBLISHED_PERSONS = 15_000_000L;

	private static final List<PhaseFigure> COMPARED = List.of(
			new PhaseFigure("requests/s, /add", Phase.ADD, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("requests/s, /check", Phase.CHECK, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("requests/s, /noop (HTTP ceiling)", Phase.NOOP, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("time per request ms, /add", Phase.ADD, r -> r.load().timePerRequestMs(), Markdown::num),
			new PhaseFigure("time per request ms, /check", Phase.CHECK, r -> r.load().timePerRequestMs(), Markdown::num),
			new PhaseFigure("p50 ms, /add", Phase.ADD, r -> r.load().p50Ms(), Markdown::num),
			new PhaseFigure("p90 ms, /add", Phase.ADD, r -> r.load().p90Ms(), Markdown::num),
			new PhaseFigure("p99 ms, /add", Phase.ADD, r -> r.load().p99Ms(), Markdown::num),
			new PhaseFigure("max ms, /add", Phase.ADD, r -> r.load().maxMs(), Markdown::num),
			new PhaseFigure("p50 ms, /check", Phase.CHECK, r -> r.load().p50Ms(), Markdown::num),
			new PhaseFigure("p90 ms, /check", Phase.CHECK, r -> r.load().p90Ms(), Markdown::num),
			new PhaseFigure("p99 ms, /check", Phase.CHECK, r -> r.load().p99Ms(), Markdown::num),
			new PhaseFigure("max ms, /check", Phase.CHECK, r -> r.load().maxMs(), Markdown::num),
			new PhaseFigure("Redis bytes per person (data memory growth / keys)", Phase.ADD, r -> r.redis().bytesPerPerson(), Markdown::num),
			new PhaseFigure("value bytes (mean STRLEN)", Phase.ADD, r -> r.redis().valueBytes(), Markdown::num),
			new PhaseFigure("used_memory after /add", Phase.ADD, r -> Figures.asDouble(r.redis().usedMemoryBytes()), Markdown::bytes),
			new PhaseFigure("used_memory_dataset after /add", Phase.ADD, r -> Figures.asDouble(r.redis().usedMemoryDatasetBytes()), Markdown::bytes),
			new PhaseFigure("used_memory_rss after /add", Phase.ADD, r -> Figures.asDouble(r.redis().usedMemoryRssBytes()), Markdown::bytes),
			new PhaseFigure("mem_fragmentation_ratio after /add", Phase.ADD, r -> r.redis().memFragmentationRatio(), Markdown::num),
			new PhaseFigure("DBSIZE after /add", Phase.ADD, r -> Figures.asDouble(r.redis().dbsize()), Markdown::num),
			new PhaseFigure("Redis bytes in per /add request", Phase.ADD, r -> r.redis().netInBytesPerRequest(), Markdown::num),
			new PhaseFigure("Redis bytes out per /check request", Phase.CHECK, r -> r.redis().netOutBytesPerRequest(), Markdown::num),
			new PhaseFigure("app CPU ms per request, /add", Phase.ADD, r -> r.app().cpuMsPerRequest(), Markdown::num),
			new PhaseFigure("app CPU ms per request, /check", Phase.CHECK, r -> r.app().cpuMsPerRequest(), Markdown::num),
			new PhaseFigure("app CPU ms per request, /noop", Phase.NOOP, r -> r.app().cpuMsPerRequest(), Markdown::num),
			new PhaseFigure("app RSS after /check", Phase.CHECK, r -> Figures.asDouble(r.app().rssBytes()), Markdown::bytes),
			new PhaseFigure("redis-benchmark SET ops/s at the app's value size", Phase.REDIS_SET, r -> r.load().requestsPerSecond(), Markdown::num),
			new PhaseFigure("redis-benchmark GET ops/s at the app's value size", Phase.REDIS_GET, r -> r.load().requestsPerSecond(), Markdown::num));

	private final RunResults run;

	private final Figures figures;

	private final List<String> charts;

	private final String chartsFailure;

	private final Markdown md = new Markdown();

	Report(RunResults run, Figures figures, List<String> charts, String chartsFailure) {
		this.run = run;
		this.figures = figures;
		this.charts = charts;
		this.chartsFailure = chartsFailure;
	}

	String render() {
		KeyValues s = this.run.settings();
		line("# JSON text or Kryo bytes in Redis: benchmark report");
		line();
		long invalid = this.figures.all().stream().filter(r -> !r.verdict().valid()).count();
		line("%d runs measured (variant × phase × repetition), %d valid.%s", this.figures.all().size(),
				this.figures.all().size() - invalid,
				invalid == 0 ? "" : " **" + invalid + (invalid == 1 ? " invalid run is" : " invalid runs are")
						+ " listed under *Every run* and left out of every median.**");
		line();
		if (!this.run.notRun().isEmpty()) {
			line("**The run stopped before these variants of settings.env, which have no results: %s.**",
					String.join(", ", this.run.notRun()));
			line();
		}
		line("Medians over the valid repetitions, with the lowest and highest run in brackets.");
		line();
		settings(s);
		environment();
		baseline();
		published();
		compared();
		ceilings();
		MatrixSection.render(this.md, this.figures);
		TargetsSection.render(this.md, this.figures);
		ClusterSection.render(this.md, this.figures);
		chartsSection();
		everyRun();
		return this.md.text();
	}

	private void settings(KeyValues s) {
		line("## Settings");
		line();
		line("| setting | value |");
		line("|---|---|");
		line("| measured phases | `ab -n %s -c %s%s` on /add and /check, %s on /noop |", s.get("requests", "?"),
				s.get("concurrency", "?"), "yes".equals(s.get("keep_alive", "no")) ? " -k" : "",
				s.get("noop_requests", "?"));
		line("| warm-up | %s requests on /add, then on /check, thrown away |", s.get("warmup", "?"));
		line("| repetitions | %s, each app in turn alone on a FLUSHALLed Redis |", s.get("repetitions", "?"));
		for (String app : this.figures.variants().stream().map(Variant::app).distinct().toList()) {
			line("| %s app | %s |", app, s.get(app + "_app", "?"));
		}
		line("| modes; compressions; topologies | %s; %s; %s |", s.get("modes", "per-key"),
				s.get("compressions", "none"), s.get("topologies", "single"));
		if (s.get("cluster_address", null) != null) {
			line("| Redis Cluster | %s |", s.get("cluster_address", null));
		}
		line("| persons per request | %s |", s.get("batch_size", "?"));
		line("| Redis | %s, %s |", s.get("redis", "?"), s.get("redis_address", "?"));
		line("| placement | %s |", s.get("placement", "?"));
		line("| redis-benchmark | %s requests per test, SET and GET, clients = concurrency |", s.get("redis_bench_requests", "?"));
		line("| JVM options | %s |", s.get("java_opts", "").isEmpty() ? "(none)" : "`" + s.get("java_opts", "") + "`");
		line("| started, finished | %s, %s |", s.get("started", "?"), s.get("finished", "(not finished)"));
		line("| commit | %s |", s.get("git_commit", "?"));
		line();
	}

	private void environment() {
		line("## Environment");
		line();
		line("| | |");
		line("|---|---|");
		for (Map.Entry<String, String> fact : this.run.environment().entrySet()) {
			line("| %s | %s |", fact.getKey(), fact.getValue().replace("|", "\\|"));
		}
		line();
	}

	/** Which variants the app-to-app sections compare, since a matrix run may lack the published setup. */
	private void baseline() {
		List<Variant> baseline = this.figures.baseline();
		if (baseline.isEmpty()) {
			return;
		}
		String setup = baseline.get(0).setup();
		line("## Baseline");
		line();
		line(setup.equals(Variant.PUBLISHED_SETUP)
				? "The sections up to *Charts* compare the apps in the published setup: mode/compression/topology %s."
				: "This run has no %s variant, the published setup: the sections up to *Charts* compare the apps in the "
						+ "first setup it ran instead, mode/compression/topology %s.",
				setup.equals(Variant.PUBLISHED_SETUP) ? setup : Variant.PUBLISHED_SETUP, setup);
		line();
	}

	private void published() {
		line("## The published figures and ours");
		line();
		line("| figure | published string (fastjson) | published Kryo | our string | our Kryo | Kryo vs string, ours |");
		line("|---|---|---|---|---|---|");
		Function<SummaryRecord, Double> rps = r -> r.load().requestsPerSecond();
		publishedRow("write QPS (`/add`, 100 persons each)", "399.18", "381.06", Phase.ADD, rps, Markdown::num);
		publishedRow("read QPS (`/check`, 100 persons each)", "425.22", "386.49 (run with -n 50000 -c 500)", Phase.CHECK, rps,
				Markdown::num);
		publishedRow("`used_memory` for 15 M persons", "3.30 G", "3.20 G", Phase.ADD,
				r -> r.redis().bytesPerPerson() == null ? null : r.redis().bytesPerPerson() * PUBLISHED_PERSONS, v -> String.format(Locale.ROOT, "%.2f G", v / GIB));
		publishedRow("bytes per person", derivedBytes(3.30), derivedBytes(3.20), Phase.ADD, r -> r.redis().bytesPerPerson(),
				Markdown::num);
		line();
		line("The post ran Redis, the app and `ab` (on a Raspberry Pi 3B) on three machines, with JDK 8, Spring Boot 1.4 "
				+ "and Redis 3.2, and its Kryo app was not a fair integration (SPEC.md). Ours ran as *placement* above says. "
				+ "Our `used_memory` for 15 M persons is our bytes per person (growth of `used_memory` less client buffers, "
				+ "divided by the keys written) times 15,000,000: at `-n 150000` that is the growth measured over 15 M persons.");
		line();
	}

	private static String derivedBytes(double publishedGib) {
		return String.format(Locale.ROOT, "≈%.0f (derived)", publishedGib * GIB / PUBLISHED_PERSONS);
	}

	private void publishedRow(String label, String string, String kryo, Phase phase,
			Function<SummaryRecord, Double> figure, DoubleFunction<String> format) {
		Spread ours = this.figures.spread(this.figures.baseline("string"), phase, figure);
		Spread theirs = this.figures.spread(this.figures.baseline("kryo"), phase, figure);
		line("| %s | %s | %s | %s | %s | %s |", label, string, kryo, spread(ours, format), spread(theirs, format),
				difference(ours, theirs));
	}

	private void compared() {
		List<Variant> apps = this.figures.baseline();
		Variant stringApp = this.figures.baseline("string");
		Variant kryoApp = this.figures.baseline("kryo");
		boolean both = stringApp != null && kryoApp != null;
		line("## Every figure, per app");
		line();
		if (both) {
			line("*Beyond spread* means the two apps' ranges over the repetitions do not overlap: the difference is "
					+ "larger than the run-to-run variation. With one repetition there is no spread to judge by.");
			line();
		}
		StringBuilder header = new StringBuilder("| figure |");
		StringBuilder rule = new StringBuilder("|---|");
		for (Variant app : apps) {
			header.append(' ').append(app.app()).append(" |");
			rule.append("---|");
		}
		if (both) {
			header.append(" Kryo vs string | beyond spread? |");
			rule.append("---|---|");
		}
		line(header.toString());
		line(rule.toString());
		for (PhaseFigure row : COMPARED) {
			StringBuilder cells = new StringBuilder("| " + row.label() + " |");
			boolean any = false;
			for (Variant app : apps) {
				Spread spread = row.spread(this.figures, app);
				any |= spread != null;
				cells.append(' ').append(spread(spread, row.format())).append(" |");
			}
			if (both) {
				Spread string = row.spread(this.figures, stringApp);
				Spread kryo = row.spread(this.figures, kryoApp);
				cells.append(' ').append(difference(string, kryo)).append(" | ").append(verdict(string, kryo)).append(" |");
			}
			if (any) {
				line(cells.toString());
			}
		}
		line();
	}

	private void ceilings() {
		line("## Ceilings");
		line();
		line("Each /add request makes 100 SETs and each /check request 100 GETs on one Redis connection, one after "
				+ "another. `redis-benchmark` at the same value size and concurrency, and `ab` on /noop (no Redis, no "
				+ "codec), show how far each side of the app could go. On one machine the load tools share the cores "
				+ "with Redis and the app, so a ceiling is only firm where the client runs apart (placement).");
		line();
		line("| app | SETs/s via /add | redis-benchmark SET ops/s | GETs/s via /check | redis-benchmark GET ops/s | /noop requests/s |");
		line("|---|---|---|---|---|---|");
		for (Variant app : this.figures.baseline()) {
			Function<SummaryRecord, Double> commands = r -> r.load().requestsPerSecond() == null ? null
					: r.load().requestsPerSecond() * Long.parseLong(this.run.settings().get("batch_size", "100"));
			Function<SummaryRecord, Double> rps = r -> r.load().requestsPerSecond();
			line("| %s | %s | %s | %s | %s | %s |", app.app(), spread(this.figures.spread(app, Phase.ADD, commands), Markdown::num),
					spread(this.figures.spread(app, Phase.REDIS_SET, rps), Markdown::num),
					spread(this.figures.spread(app, Phase.CHECK, commands), Markdown::num),
					spread(this.figures.spread(app, Phase.REDIS_GET, rps), Markdown::num),
					spread(this.figures.spread(app, Phase.NOOP, rps), Markdown::num));
		}
		line();
	}

	private void chartsSection() {
		line("## Charts");
		line();
		if (this.chartsFailure != null) {
			line("Not drawn: `%s`. Java needs fontconfig and a font to draw text (Debian: `apt-get install "
					+ "fontconfig fonts-dejavu-core`); then run `java -jar bench-report/target/bench-report.jar <this folder>` again.",
					this.chartsFailure);
			line();
			return;
		}
		line("Bars are medians. On the charts of the baseline apps, whiskers span the lowest to the highest valid run; "
				+ "the charts of every configuration show medians only.");
		line();
		for (String chart : this.charts) {
			line("![%s](%s)", chart.replace(".png", "").replace('-', ' '), chart);
			line();
		}
	}

	private void everyRun() {
		line("## Every run");
		line();
		line("| variant | phase | repetition | requests/s | p99 ms | failed | non-2xx | app CPU ms/request | valid |");
		line("|---|---|---|---|---|---|---|---|---|");
		for (SummaryRecord r : this.figures.all()) {
			line("| %s | %s | %d | %s | %s | %s | %s | %s | %s |", r.variant().name(), r.phase().label(), r.repetition(),
					opt(r.load().requestsPerSecond()), opt(r.load().p99Ms()), opt(r.load().failedRequests()), opt(r.load().non2xx()),
					opt(r.app().cpuMsPerRequest()),
					r.verdict().valid() ? "yes" : "**no, not averaged**: " + r.verdict().reason().replace("|", "\\|"));
		}
		line();
		line("Raw outputs of every run are under `raw/<variant>/rep<N>/` (`raw/<app>/rep<N>/` in a run without variants); "
				+ "`summary.csv` and `summary.json` hold every figure.");
	}

	private void line(String format, Object... args) {
		this.md.line(format, args);
	}

	private void line() {
		this.md.line();
	}

	private static String verdict(Spread string, Spread kryo) {
		Boolean beyond = Spread.beyondSpread(string, kryo);
		if (beyond == null) {
			return string == null || kryo == null ? "–" : "one run: no spread";
		}
		return beyond ? "**yes**" : "no, within spread";
	}

}
