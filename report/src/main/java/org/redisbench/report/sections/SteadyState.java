package org.redisbench.report.sections;

import java.util.List;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Measure;
import org.redisbench.runresults.Timeline;

/**
 * Whether a phase reached a steady rate: the mean rate of its last third against that of its middle third (its
 * first third is ramp-up, JIT compilation, a store still empty). A change larger than the run-to-run spread of the
 * phase's requests/s ((max - min) / median over the valid repetitions) flags the phase: warm-up or GC trouble
 * shown, not averaged away. With a single repetition there is no spread to compare with, and
 * {@link #DEFAULT_ALLOWED} stands in. The rate is the app's requests/s on the phase's endpoint, or the store's
 * commands/s when the app's metrics were not sampled; the interval the load ended in is left out
 * ({@link Timeline#loaded}).
 *
 * @param measure the rate compared
 * @param samples the points it has
 * @param middle its mean over the middle third, null when too short
 * @param last its mean over the last third, null when too short
 * @param allowed the change allowed, a fraction
 * @param fromSpread whether {@code allowed} is the measured run-to-run spread
 */
public record SteadyState(Timeline timeline, Measure measure, int samples, Double middle, Double last, double allowed,
		boolean fromSpread) {

	/** Below this many points a third holds too few to mean anything. */
	public static final int MIN_SAMPLES = 6;

	/** The change allowed when the run has one repetition of the phase. */
	public static final double DEFAULT_ALLOWED = 0.10;

	public static SteadyState of(Timeline timeline, Spread spread) {
		Measure measure = timeline.loaded(Measure.APP_REQUESTS).size() >= MIN_SAMPLES ? Measure.APP_REQUESTS
				: Measure.STORE_OPS;
		List<Timeline.Point> points = timeline.loaded(measure);
		int samples = points.size();
		boolean fromSpread = spread != null && spread.runs() >= 2 && spread.median() > 0;
		double allowed = fromSpread ? (spread.max() - spread.min()) / spread.median() : DEFAULT_ALLOWED;
		if (samples < MIN_SAMPLES) {
			return new SteadyState(timeline, measure, samples, null, null, allowed, fromSpread);
		}
		return new SteadyState(timeline, measure, samples, Timeline.mean(points, 1.0 / 3, 2.0 / 3),
				Timeline.mean(points, 2.0 / 3, 1), allowed, fromSpread);
	}

	/** Whether the phase had enough samples to tell. */
	public boolean judged() {
		return this.middle != null && this.last != null && this.middle > 0;
	}

	/** The last third against the middle one, a signed fraction; null when not judged. */
	public Double change() {
		return judged() ? (this.last - this.middle) / this.middle : null;
	}

	public boolean steady() {
		return judged() && Math.abs(change()) <= this.allowed;
	}

}
