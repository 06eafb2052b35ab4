package org.redisbench.runresults;

import java.util.List;
import java.util.Map;

import org.redisbench.model.Spread;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.AbOutput;

/**
 * The open-loop figures of one variant of a run: its steps over every repetition, the capacity each --slo search
 * found, and ab's /add phase of each repetition beside them.
 *
 * @param name bench.sh's folder name under raw/
 * @param published whether it is the published procedure's app: JSON strings, a key per person, one command at a
 * time, on one Redis with nothing added between, Redis's default settings
 * @param capacities the highest rate meeting the objective, per search ({@code r1 s2}: repetition 1's second); 0
 * when the first rate missed it
 * @param lowestMissed the lowest rate missing it, per search; 0 when none up to the search's highest did
 * @param ab ab's /add phase, per repetition
 */
public record OpenLoopVariant(String name, boolean published, List<OpenLoopStep> steps, Map<String, Long> capacities,
		Map<String, Long> lowestMissed, Map<Integer, AbOutput> ab) {

	public Spread capacity() {
		return Spread.of(this.capacities.values().stream().map(Long::doubleValue).toList());
	}

	/** The step at the capacity each search found, its knee: none for a search whose first rate missed. */
	public List<StepFigures> atCapacity() {
		return this.steps.stream().filter(OpenLoopStep::searched).filter(step -> {
			Long capacity = this.capacities.get(step.searchKey());
			return capacity != null && capacity > 0 && step.offered() == capacity;
		}).map(OpenLoopStep::figures).toList();
	}

	public boolean anyLagged() {
		return this.steps.stream().anyMatch(s -> s.figures().lagged());
	}

}
