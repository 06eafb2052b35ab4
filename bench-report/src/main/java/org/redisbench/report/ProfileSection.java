package org.redisbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Where each variant's app CPU went, from its profiled phases, and what profiling itself cost. */
final class ProfileSection implements Section {

	@Override
	public void writeTo(Markdown md, RunResults run) {
		md.line("## Where the app's CPU goes");
		md.line();
		List<ProfiledPhase> profiled = run.profiles();
		if (profiled.isEmpty()) {
			md.line("Not profiled: this run has no `%s/<variant>/<phase>.collapsed` (%s).", ProfiledPhase.FOLDER,
					run.settings().get("profile", "a run from before bench.sh profiled"));
			md.line();
			return;
		}
		KeyValues settings = run.settings();
		md.line("After each variant's measured /add and /check of its first repetition, bench.sh ran each phase twice more, "
				+ "%s requests each, the second time with async-profiler %s sampling the app's threads (event `%s`, every %s of CPU); every "
				+ "other figure of this report comes from phases that ran without it. A sample counts for the innermost "
				+ "frame that bench-report's `FrameRules` names (JDK and kernel frames count for their caller; the "
				+ "compiler's and the collector's threads by thread). *Codec ms* is the codec's share of the profiled "
				+ "phase's app CPU per request. Flame graphs and collapsed stacks are in `%s/<variant>/`.",
				settings.get("profile_requests", "?"), settings.get("profiler_version", "?"),
				settings.get("profile_event", "?"), settings.get("profile_interval", "?"), ProfiledPhase.FOLDER);
		md.line();
		List<String> columns = new ArrayList<>(List.of("app", "mode", "compression", "topology", "phase", "samples"));
		for (CpuShare share : CpuShare.values()) {
			columns.add(share.label());
		}
		columns.addAll(List.of("codec ms", "flame graph"));
		md.header(columns.toArray(String[]::new));
		for (ProfiledPhase phase : profiled) {
			Variant v = phase.variant();
			List<Object> row = new ArrayList<>(List.of(v.app(), v.mode(), v.compression(), v.store(),
					phase.phase().path(), phase.profile().total()));
			for (CpuShare share : CpuShare.values()) {
				row.add(percent(phase.profile().fraction(share)));
			}
			row.add(Markdown.opt(phase.cpuMsOf(CpuShare.CODEC)));
			row.add(phase.flameGraph() == null ? "–" : "[" + phase.phase().label() + "](" + phase.flameGraph() + ")");
			md.row(row.toArray());
		}
		md.line();
		writeCost(md, run, profiled);
	}

	private static void writeCost(Markdown md, RunResults run, List<ProfiledPhase> profiled) {
		md.line("### What profiling cost");
		md.line();
		md.line("Each profiled phase beside the same phase run just before it without the profiler, on the same warm "
				+ "app, and beside the variant's measured phases (median, lowest–highest valid run). On a shared "
				+ "machine one pair of runs differs by chance too: a cost shows as the same sign in most rows.");
		md.line();
		md.header("app", "mode", "compression", "topology", "phase", "req/s profiled", "req/s unprofiled", "change",
				"req/s measured", "app CPU ms profiled", "app CPU ms unprofiled", "change", "app CPU ms measured");
		Figures figures = run.figures();
		for (ProfiledPhase phase : profiled) {
			Variant v = phase.variant();
			ProfiledPhase.Cost with = phase.profiled();
			ProfiledPhase.Cost without = phase.unprofiled();
			md.row(v.app(), v.mode(), v.compression(), v.store(), phase.phase().path(),
					Markdown.opt(with.requestsPerSecond()), Markdown.opt(without.requestsPerSecond()),
					change(without.requestsPerSecond(), with.requestsPerSecond()),
					Markdown.spread(figures.spread(v, phase.phase(), r -> r.load().requestsPerSecond())),
					Markdown.opt(with.cpuMsPerRequest()), Markdown.opt(without.cpuMsPerRequest()),
					change(without.cpuMsPerRequest(), with.cpuMsPerRequest()),
					Markdown.spread(figures.spread(v, phase.phase(), r -> r.app().cpuMsPerRequest())));
		}
		md.line();
	}

	private static String change(Double from, Double to) {
		return from == null || to == null || from == 0 ? "–"
				: String.format(Locale.ROOT, "%+.1f%%", (to - from) / from * 100);
	}

	private static String percent(Double fraction) {
		return fraction == null ? "–" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
	}

}
