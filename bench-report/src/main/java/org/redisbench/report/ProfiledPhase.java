package org.redisbench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One variant's extra, profiled phase: bench.sh runs it after the variant's first measured /add and /check, so
 * that profiling changes none of the measured figures, and writes {@code profiles/<variant>/<phase>.html} (the
 * flame graph), {@code .collapsed} (its stacks), {@code .ab.txt} and {@code .before|after.proc-stat.txt}.
 *
 * @param flameGraph the flame graph's path relative to the output folder, or {@code null} when there is none
 * @param requestsPerSecond and {@code cpuMsPerRequest} of the profiled phase itself, to hold against the measured
 * ones: what profiling cost
 */
record ProfiledPhase(Variant variant, Phase phase, CpuProfile profile, String flameGraph, Double requestsPerSecond,
		Double cpuMsPerRequest) {

	static final String FOLDER = "profiles";

	/**
	 * Every profiled phase of the run's variants, in run order, each in the folder named as its raw one; none when
	 * the run was not profiled.
	 */
	static List<ProfiledPhase> load(Path output, Map<Variant, Path> variants, KeyValues settings) {
		List<ProfiledPhase> phases = new ArrayList<>();
		for (Map.Entry<Variant, Path> entry : variants.entrySet()) {
			Variant variant = entry.getKey();
			Path dir = output.resolve(FOLDER).resolve(entry.getValue().getFileName().toString());
			for (Phase phase : Phase.THROUGH_CODEC) {
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
		AbOutput ab = AbOutput.parse(RunResults.read(dir.resolve(name + ".ab.txt")));
		Path html = dir.resolve(name + ".html");
		return new ProfiledPhase(variant, phase, CpuProfile.parse(RunResults.read(dir.resolve(name + ".collapsed"))),
				Files.exists(html) ? output.relativize(html).toString() : null, ab.requestsPerSecond(),
				cpuMsPerRequest(dir, name, ab, settings));
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
		return ticks * 1000.0 / clockTicks / ab.completeRequests();
	}

	/** CPU ms per request that went to one share: its fraction of the samples times the phase's CPU. */
	Double cpuMsOf(CpuShare share) {
		Double fraction = this.profile.fraction(share);
		return fraction == null || this.cpuMsPerRequest == null ? null : fraction * this.cpuMsPerRequest;
	}

}
