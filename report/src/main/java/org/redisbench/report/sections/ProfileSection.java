package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

import org.redisbench.runresults.CpuShare;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.ProfiledPhase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/**
 * Where each variant's app CPU went, from its profiled phases: per phase, each {@link CpuShare} as app CPU ms a
 * request and as a share of the samples, so that the codec's part of a request reads beside the rest; then what
 * profiling itself cost.
 */
public final class ProfileSection implements Section {

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
		md.line("After each variant's measured phases of its first repetition, bench.sh ran each profiled phase twice "
				+ "more, %s requests each (%s), the second time with async-profiler %s sampling the app's threads (event "
				+ "`%s`, every %s of CPU); every other figure of this report comes from phases that ran without it. A "
				+ "stack counts for the first of bench-report's `FrameRules` that names one of its frames, the client's "
				+ "before Tomcat's and Tomcat's buffers before Spring's: JDK and kernel frames count for their caller, "
				+ "and the park or poll a read waits in for that read. Each share is *app CPU ms a request · %% of the "
				+ "samples*: its fraction of the profiled run's samples times the app CPU a request of the same phase run "
				+ "just before without the profiler (the first line), so the shares add up to that line. Flame graphs and "
				+ "collapsed stacks are in `%s/<variant>/`.",
				settings.get("profile_requests", "?"), keepAlive(settings), settings.get("profiler_version", "?"),
				settings.get("profile_event", "?"), settings.get("profile_interval", "?"), ProfiledPhase.FOLDER);
		md.line();
		Map<Variant, List<ProfiledPhase>> byVariant = new LinkedHashMap<>();
		for (ProfiledPhase phase : profiled) {
			byVariant.computeIfAbsent(phase.variant(), v -> new ArrayList<>()).add(phase);
		}
		byVariant.forEach((variant, phases) -> writeVariant(md, variant, phases));
		writeCost(md, run, profiled);
	}

	/** One variant's phases side by side, a share a line, in the order a request meets them. */
	private static void writeVariant(Markdown md, Variant v, List<ProfiledPhase> phases) {
		StringJoiner codec = new StringJoiner(", ");
		StringJoiner flameGraphs = new StringJoiner(" · ");
		for (ProfiledPhase phase : phases) {
			Double ms = phase.cpuMsOf(CpuShare.CODEC);
			if (phase.phase().throughCodec() && ms != null) {
				codec.add(Markdown.num(ms) + " ms of " + Markdown.num(phase.unprofiled().cpuMsPerRequest()) + " on "
						+ phase.phase().path());
			}
			if (phase.flameGraph() != null) {
				flameGraphs.add("[" + phase.phase().label() + "](" + phase.flameGraph() + ")");
			}
		}
		StringJoiner heading = new StringJoiner("; ", ": ", "").setEmptyValue("");
		if (codec.length() > 0) {
			heading.add("the codec " + codec);
		}
		if (flameGraphs.length() > 0) {
			heading.add("flame graphs " + flameGraphs);
		}
		md.line("**%s, %s, %s, %s%s**%s", v.app(), v.mode(), v.compression(), v.store(), v.conditions(), heading);
		md.line();
		List<String> columns = new ArrayList<>(List.of(""));
		phases.forEach(phase -> columns.add(phase.phase().path()));
		md.header(columns.toArray(String[]::new));
		List<Object> cpu = new ArrayList<>(List.of("app CPU ms a request, without the profiler"));
		List<Object> samples = new ArrayList<>(List.of("samples"));
		for (ProfiledPhase phase : phases) {
			cpu.add(Markdown.opt(phase.unprofiled().cpuMsPerRequest()));
			samples.add(Markdown.count(phase.profile().total()));
		}
		md.row(cpu.toArray());
		md.row(samples.toArray());
		for (CpuShare share : CpuShare.values()) {
			List<Object> row = new ArrayList<>(List.of(share.label()));
			for (ProfiledPhase phase : phases) {
				row.add(share(phase, share));
			}
			md.row(row.toArray());
		}
		md.line();
	}

	/**
	 * {@code 0.013 · 5.5%}; the percentage alone when the run without the profiler has no CPU figure, a dash
	 * when no sample fell in the share.
	 */
	public static String share(ProfiledPhase phase, CpuShare share) {
		Double fraction = phase.profile().fraction(share);
		if (fraction == null || fraction == 0) {
			return "–";
		}
		Double ms = phase.cpuMsOf(share);
		return ms == null ? percent(fraction) : Markdown.num(ms) + " · " + percent(fraction);
	}

	private static String keepAlive(KeyValues settings) {
		return switch (settings.get("keep_alive", "")) {
			case "yes" -> "`ab -k`: connections kept alive, as measured";
			case "no" -> "`ab` without `-k`: a new connection for every request, as measured";
			default -> "keep-alive as measured";
		};
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

	private static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
	}

}
