package org.redisbench.bench.openloop;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.openloop.rules.SlowestRequests;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.openloop.rules.StepRequest;

/**
 * Which cause each of a step's slowest 1% of requests coincided with, against the same share among all its answered
 * requests: a cause behind most slow requests that is also behind most requests explains nothing. A request
 * coincides with a span of a cause when the span overlaps the request's own, from when it was due to its answer; with
 * the generator's lateness when it was sent {@link StepFigures#LAGGING_MS} or more after it was due. The requests
 * ranked are the answered ones, errors included, as the step's histogram has them, so that the slowest 1% are those
 * from its p99. Beside the shares, each process's run-queue wait a second over the ticks the slowest requests
 * spanned, the ticks counted once however many of them each spans.
 */
final class SlowestAttribution {

	/** The share of the requests that are the slowest. */
	private static final double SLOWEST_SHARE = 0.01;

	/** A span of time a cause held, µs since the epoch, both ends included. */
	record Span(long fromUs, long toUs) {

		boolean overlaps(StepRequest request) {
			return this.fromUs <= request.answeredUs() && this.toUs >= request.dueUs();
		}

	}

	private SlowestAttribution() {
	}

	/**
	 * @param requests the step's counted requests
	 * @param causes each cause known for the step ({@link SlowestRequests#APP_SAFEPOINT}, ...) and the spans it held,
	 * in the order the lines give them; a cause not known (no log of it) is not in it, one known to have held no span
	 * is, with none
	 * @param ticks the processes' run-queue waits tick by tick
	 * @return the shares, with {@link SlowestRequests#GENERATOR_LATE} after the causes given; no share at all when no
	 * request was answered
	 */
	static SlowestRequests of(List<StepRequest> requests, Map<String, List<Span>> causes, List<RunQueueTick> ticks) {
		List<StepRequest> answered = new ArrayList<>(requests.stream().filter(StepRequest::answered).toList());
		if (answered.isEmpty()) {
			return new SlowestRequests(0L, null, Map.of(), Map.of(), Map.of());
		}
		answered.sort(Comparator.comparingLong((StepRequest r) -> r.latencyUs().getAsLong()).reversed());
		List<StepRequest> slowest = answered.subList(0, (int) Math.ceil(answered.size() * SLOWEST_SHARE));
		Map<String, Double> slowestPercent = new LinkedHashMap<>();
		Map<String, Double> allPercent = new LinkedHashMap<>();
		Map<String, Predicate<StepRequest>> coincides = new LinkedHashMap<>();
		causes.forEach((cause, spans) -> coincides.put(cause, within(spans, answered)));
		coincides.put(SlowestRequests.GENERATOR_LATE, r -> r.lagUs() >= StepFigures.LAGGING_MS * 1_000);
		coincides.forEach((cause, test) -> {
			slowestPercent.put(cause, percent(slowest, test));
			allPercent.put(cause, percent(answered, test));
		});
		return new SlowestRequests((long) slowest.size(),
				slowest.get(slowest.size() - 1).latencyUs().getAsLong() / 1_000.0, slowestPercent, allPercent,
				runQueue(slowest, ticks));
	}

	/** Whether a request overlaps one of the spans, of those that overlap the requests at all. */
	private static Predicate<StepRequest> within(List<Span> spans, List<StepRequest> requests) {
		long from = requests.stream().mapToLong(StepRequest::dueUs).min().getAsLong();
		long to = requests.stream().mapToLong(StepRequest::answeredUs).max().getAsLong();
		List<Span> step = spans.stream().filter(s -> s.fromUs() <= to && s.toUs() >= from).toList();
		return request -> step.stream().anyMatch(s -> s.overlaps(request));
	}

	private static double percent(List<StepRequest> requests, Predicate<StepRequest> test) {
		return 100.0 * requests.stream().filter(test).count() / requests.size();
	}

	/**
	 * Each process's run-queue ms a second over the ticks any of the slowest requests overlapped: its waits in them
	 * over their length, in the order the ticks name the processes.
	 */
	private static Map<String, Double> runQueue(List<StepRequest> slowest, List<RunQueueTick> ticks) {
		Map<String, Double> waitedMs = new LinkedHashMap<>();
		Map<String, Double> seconds = new LinkedHashMap<>();
		for (RunQueueTick tick : ticks) {
			if (tick.toUs() > tick.fromUs()
					&& slowest.stream().anyMatch(r -> tick.fromUs() < r.answeredUs() && tick.toUs() > r.dueUs())) {
				waitedMs.merge(tick.process(), tick.waitedMs(), Double::sum);
				seconds.merge(tick.process(), (tick.toUs() - tick.fromUs()) / 1e6, Double::sum);
			}
		}
		Map<String, Double> perSecond = new LinkedHashMap<>();
		waitedMs.forEach((process, ms) -> perSecond.put(process, ms / seconds.get(process)));
		return perSecond;
	}

}
