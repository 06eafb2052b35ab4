package org.redisbench.runresults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.ProcStat;

/**
 * One variant's extra, profiled phase: bench.sh runs it after the variant's first measured /noop, /add and
 * /check, so that profiling changes none of the measured figures, right after the same phase without the
 * profiler, and writes {@code profiles/<variant>/<phase>.html} (the flame graph), {@code .collapsed} (its
 * stacks), and for both runs {@code .ab.txt} and {@code .before|after.proc-stat.txt} ({@code
 * <phase>.unprofiled.*} for the first). A run from before bench.sh profiled /noop has no {@code noop.*}.
 *
 * @param flameGraph the flame graph's path relative to the output folder, or {@code null} when there is none
 * @param profiled requests/s and app CPU per request of the profiled run
 * @param unprofiled the same of the run just before it, without the profiler: what profiling cost is the
 * difference; {@link Cost#NONE} for a run from before bench.sh measured it
 */
public record ProfiledPhase(Variant variant, Phase phase, CpuProfile profile, String flameGraph, Cost profiled,
		Cost unprofiled) {

	/** Requests/s and app CPU ms per request of one ab run; {@code null} figures when unread. */
	public record Cost(Double requestsPerSecond, Double cpuMsPerRequest) {

		public static final Cost NONE = new Cost(null, null);

	}

	public static final String FOLDER = "profiles";

	/**
	 * Every profiled phase of the run's variants, in run order, each in the folder named as its raw one; none when
	 * the run was not profiled.
	 */
	public static List<ProfiledPhase> load(Path output, Map<Variant, Path> variants, KeyValues settings) {
		List<ProfiledPhase> phases = new ArrayList<>();
		for (Map.Entry<Variant, Path> entry : variants.entrySet()) {
			Variant variant = entry.getKey();
			Path dir = output.resolve(FOLDER).resolve(entry.getValue().getFileName().toString());
			for (Phase phase : Phase.AB) {
				Path collapsed = dir.resolve(phase.label() + ".collapsed");
				if (Files.exists(collapsed)) {
					phases.add(load(output, variant, phase, dir, settings));
				}
			}
		}
		return List.copyOf(phases);
	}

	private static ProfiledPhase load(Path output, Variant variant, Phase phase, Path dir, KeyValues settings) {
		String name = phase.label();
		Path html = dir.resolve(name + ".html");
		return new ProfiledPhase(variant, phase, CpuProfile.parse(RunResults.read(dir.resolve(name + ".collapsed"))),
				Files.exists(html) ? output.relativize(html).toString() : null, cost(dir, name, settings),
				cost(dir, name + ".unprofiled", settings));
	}

	private static Cost cost(Path dir, String name, KeyValues settings) {
		AbOutput ab = AbOutput.parse(RunResults.read(dir.resolve(name + ".ab.txt")));
		return new Cost(ab.requestsPerSecond(), cpuMsPerRequest(dir, name, ab, settings));
	}

	private static Double cpuMsPerRequest(Path dir, String name, AbOutput ab, KeyValues settings) {
		String before = RunResults.read(dir.resolve(name + ".before.proc-stat.txt"));
		String after = RunResults.read(dir.resolve(name + ".after.proc-stat.txt"));
		Long clockTicks = settings.getLong("clk_tck");
		if (before.isBlank() || after.isBlank() || clockTicks == null || ab.completeRequests() == null
				|| ab.completeRequests() == 0) {
			return null;
		}
		long ticks = ProcSnapshot.parse(after, "").cpuTicks() - ProcSnapshot.parse(before, "").cpuTicks();
		return ProcStat.millis(ticks, clockTicks) / ab.completeRequests();
	}

	/**
	 * App CPU ms per request that went to one share: its fraction of the profiled run's samples times the CPU
	 * per request of the same phase run just before without the profiler, which the profiler's own cost does not
	 * inflate (it can still shift the fractions, slowing some paths more than others). {@code null} without
	 * samples or without that run's CPU (a run from before bench.sh measured it).
	 */
	public Double cpuMsOf(CpuShare share) {
		Double fraction = this.profile.fraction(share);
		Double cpuMs = this.unprofiled.cpuMsPerRequest();
		return fraction == null || cpuMs == null ? null : fraction * cpuMs;
	}

}
