package org.redisbench.runresults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.openloop.rules.StepFigures;

/**
 * What a run sampled beyond its summary records, as the report reads it, for {@code compare} (another package): each
 * ab phase's app samples over time, and the open-loop steps and searches. Only a view: the parsing stays where the
 * report has it ({@link Timeline}, {@link OpenLoopRuns}), so both read a run alike.
 *
 * @param phases every sampled ab phase, in run order
 * @param steps every open-loop step of {@code --rates} (the steps of a {@code --slo} search are its own, and its
 * result is in {@code capacities})
 * @param capacities the highest rate each {@code --slo} search found meeting the objective
 * @param objective the run's {@code --slo}, as given ({@code p99=20ms}); empty without one
 */
public record RunSamples(List<PhaseSamples> phases, List<RateStep> steps, List<Capacity> capacities,
		String objective) {

	/**
	 * The app's own samples of one phase, one point per interval between two scrapes, the interval the load ended in
	 * left out ({@link Timeline#loaded}), and the intervals without a request before the load and after it.
	 *
	 * @param variant the variant's {@link Variant#name()}
	 * @param requestsPerSecond the app's requests a second on the phase's endpoint
	 * @param cores the app's CPU over the same intervals, in cores; empty when it was not read
	 */
	public record PhaseSamples(String variant, int repetition, Phase phase, double[] requestsPerSecond,
			double[] cores) {
	}

	/** One open-loop step at a fixed rate: {@code --rates}. */
	public record RateStep(String variant, int repetition, double offeredRps, StepFigures figures) {
	}

	/** One search's result: the highest rate found meeting the objective, 0 when the first rate missed it. */
	public record Capacity(String variant, int repetition, String search, long rps) {
	}

	public RunSamples {
		phases = List.copyOf(phases);
		steps = List.copyOf(steps);
		capacities = List.copyOf(capacities);
	}

	/** The samples of the bench.sh run in {@code output}; none of a kind the run did not take. */
	public static RunSamples load(Path output) {
		List<PhaseSamples> phases = new ArrayList<>();
		for (Timeline timeline : OverTime.load(output).timelines()) {
			List<Timeline.Point> requests = timeline.loaded(Measure.APP_REQUESTS);
			List<Timeline.Point> cpu = timeline.loaded(Measure.APP_CPU);
			if (requests.isEmpty()) {
				continue;
			}
			// Intervals without a request before the first one with some, or after the last, are no part of the load:
			// the samplers start before ab and stop after it, later on a busy machine (a run's 20 ms-a-request /add
			// ended with 6 such intervals, a second of zeros).
			int first = 0;
			int end = requests.size();
			while (first < end && requests.get(first).value() == 0) {
				first++;
			}
			while (end > first && requests.get(end - 1).value() == 0) {
				end--;
			}
			// Both come from the same scrapes; a scrape without the CPU counter leaves the CPU out, not misaligned.
			boolean aligned = cpu.size() == requests.size();
			phases.add(new PhaseSamples(timeline.variant().name(), timeline.repetition(), timeline.phase(),
					requests.subList(first, end).stream().mapToDouble(Timeline.Point::value).toArray(),
					aligned ? cpu.subList(first, end).stream().mapToDouble(Timeline.Point::value).toArray()
							: new double[0]));
		}
		Map<String, String> names = new LinkedHashMap<>();
		RunResults.folders(output).forEach((variant, dir) -> names.put(dir.getFileName().toString(), variant.name()));
		OpenLoopRuns openLoop = OpenLoopRuns.load(output);
		List<RateStep> steps = new ArrayList<>();
		List<Capacity> capacities = new ArrayList<>();
		for (OpenLoopVariant variant : openLoop.variants()) {
			String name = names.getOrDefault(variant.name(), variant.name());
			variant.steps()
				.stream()
				.filter(step -> !step.searched())
				.forEach(step -> steps.add(new RateStep(name, step.repetition(), step.offered(), step.figures())));
			// Keys are "r<repetition> s<search>".
			variant.capacities().forEach((key, rps) -> capacities.add(new Capacity(name,
					Integer.parseInt(key.substring(1, key.indexOf(' '))), key, rps)));
		}
		return new RunSamples(phases, steps, capacities, openLoop.settings().get("slo", ""));
	}

}
