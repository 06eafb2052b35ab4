package org.redisbench.report.sections;

import java.util.function.Function;

import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.TimeSplit;
import org.redisbench.runresults.Variant;

/** Where every variant's requests spent their time: codec, Redis and the rest, from the app's own timers. */
public final class TimeSplitSection implements Section {

	/** The JIT's share of a phase's app CPU above which the app counts as still warming up. */
	private static final double STILL_COMPILING = 0.10;

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		md.line("## Where the time goes");
		md.line();
		boolean measured = figures.all().stream().anyMatch(r -> r.app().timeSplit().serverMs() != null);
		if (!measured) {
			md.line("Not measured: this run has no Prometheus scrapes around its phases "
					+ "(`raw/<variant>/rep<N>/<phase>.before|after.prometheus.txt`).");
			md.line();
		}
		else {
			table(md, figures);
		}
		long compiling = figures.all().stream().filter(TimeSplitSection::stillCompiling).count();
		long recorded = figures.all().stream().filter((r) -> r.app().jitCpuMsPerRequest() != null).count();
		if (compiling > 0) {
			md.line("In " + compiling + " of the " + recorded + " app phases the JIT compiler took more "
					+ "than a tenth of the app's CPU: the app was still warming up, and those phases' CPU and requests/s "
					+ "carry its compiling. On few cores, many busy request threads leave the compiler threads little "
					+ "processor time, so compiling can last for tens of thousands of requests; more warm-up rounds "
					+ "(`--warmup-rounds`) or longer ones (`-w`) take it out of the measured phases.");
			md.line();
		}
	}

	private static void table(Markdown md, Figures figures) {
		md.line("*Server* is the time Spring measured per request, from its arrival in the app to the response "
				+ "(`http_server_requests_seconds`). Of it, *codec* is encoding (/add) or decoding and checking (/check) "
				+ "the persons (`bench.encode`, `bench.decode`), *Redis* the app's Redis I/O (`bench.redis`), and *rest* "
				+ "what is left: HTTP handling, building the persons, and waiting for a core. All are per HTTP request "
				+ "of the phase. These are wall-clock times under `ab -c` concurrent requests, so they include waiting; "
				+ "*app CPU* is the processor time the app used per request, summed over its threads; *of it JIT* the "
				+ "part its JIT compiler threads used, compiling code the requests ran hot.");
		md.line();
		md.header("app", "mode", "compression", "topology", ConfigurationsSection.RTTS, "concurrency", "phase", "server ms", "codec ms", "Redis ms", "rest ms",
				"app CPU ms", "of it JIT ms");
		for (Variant v : figures.variants()) {
			for (Phase phase : Phase.THROUGH_CODEC) {
				md.row(v.app(), v.mode(), v.compression(), v.store(), v.rtts(), v.concurrency(), phase.path(),
						split(figures, v, phase, TimeSplit::serverMs), split(figures, v, phase, TimeSplit::codecMs),
						split(figures, v, phase, TimeSplit::redisMs), split(figures, v, phase, TimeSplit::restMs),
						Markdown.spread(figures.spread(v, phase, r -> r.app().cpuMsPerRequest())),
						Markdown.spread(figures.spread(v, phase, r -> r.app().jitCpuMsPerRequest())));
			}
		}
		md.line();
	}

	/** A phase in which compiling took more than a tenth of the app's CPU. */
	private static boolean stillCompiling(SummaryRecord record) {
		Double cpu = record.app().cpuMsPerRequest();
		Double jit = record.app().jitCpuMsPerRequest();
		return cpu != null && jit != null && cpu > 0 && jit > STILL_COMPILING * cpu;
	}

	public static String split(Figures figures, Variant variant, Phase phase, Function<TimeSplit, Double> part) {
		return Markdown.spread(figures.spread(variant, phase, r -> part.apply(r.app().timeSplit())));
	}

}
