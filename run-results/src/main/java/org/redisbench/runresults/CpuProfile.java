package org.redisbench.runresults;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One phase's CPU samples by {@link CpuShare}, read from async-profiler's collapsed stacks: one line per distinct
 * stack, its frames from the root joined by {@code ;}, then a space and how many samples hit it.
 */
public record CpuProfile(Map<CpuShare, Long> samples) {

	public CpuProfile {
		samples = Collections.unmodifiableMap(samples);
	}

	/** A line that is not {@code <frames> <count>} is refused: a cut-off file would skew every share. */
	public static CpuProfile parse(String collapsed) {
		Map<CpuShare, Long> samples = new EnumMap<>(CpuShare.class);
		for (String line : collapsed.split("\n")) {
			if (line.isBlank()) {
				continue;
			}
			int space = line.lastIndexOf(' ');
			long count;
			try {
				count = Long.parseLong(line.substring(space + 1).strip());
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("not a collapsed stack: " + line.substring(0, Math.min(line.length(), 80)), ex);
			}
			CpuShare share = FrameRules.classify(Arrays.asList(line.substring(0, Math.max(space, 0)).split(";")));
			samples.merge(share, count, Long::sum);
		}
		return new CpuProfile(samples);
	}

	public long total() {
		return this.samples.values().stream().mapToLong(Long::longValue).sum();
	}

	/** The fraction of all samples in that share; {@code null} without samples. */
	public Double fraction(CpuShare share) {
		long total = total();
		return total == 0 ? null : this.samples.getOrDefault(share, 0L) / (double) total;
	}

}
