package org.redisbench.openloop.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the kernel's scheduler did with the processes of a step, beside their CPU (issue 54's attribution of a slow
 * step: a process that waited for a CPU, or ran where --cpu-placement pinned it). Per process name as
 * {@link StepFigures#cpuMsPerRequest()} names them, the generator's under {@link StepFigures#GENERATOR}.
 *
 * @param cpusAllowed the CPUs each process may run on as the kernel said at the step's start
 * ({@code Cpus_allowed_list} of /proc/PID/status; {@code cpus_allowed_<name>}), the lists of one name's processes
 * joined by a space when they differ
 * @param runQueueMsPerSecond the ms its threads waited on a run queue for a CPU, a second of the counted seconds
 * ({@code runqueue_ms_per_s_<name>}): above 1000 when several threads waited at once
 * @param generatorNice the generator's nice value, as its own /proc/self/stat says ({@code generator_nice})
 */
public record StepScheduling(Map<String, String> cpusAllowed, Map<String, Double> runQueueMsPerSecond,
		Long generatorNice) {

	/** Steps written before the generator read them. */
	public static final StepScheduling NONE = new StepScheduling(Map.of(), Map.of(), null);

	static final String CPUS_PREFIX = "cpus_allowed_";

	static final String RUN_QUEUE_PREFIX = "runqueue_ms_per_s_";

	static final String NICE = "generator_nice";

	public StepScheduling {
		cpusAllowed = cpusAllowed == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(cpusAllowed));
		runQueueMsPerSecond = runQueueMsPerSecond == null ? Map.of()
				: Collections.unmodifiableMap(new LinkedHashMap<>(runQueueMsPerSecond));
	}

	/** A process's run-queue ms a second ({@code app}, {@code redis}, {@link StepFigures#GENERATOR}...); null if none. */
	public Double runQueueMsPerSecond(String name) {
		return this.runQueueMsPerSecond.get(name);
	}

	/** From a step file's values, by name. */
	static StepScheduling of(Map<String, String> values) {
		Map<String, String> cpus = new LinkedHashMap<>();
		Map<String, Double> waits = new LinkedHashMap<>();
		values.forEach((name, value) -> {
			if (value.isEmpty()) {
				return;
			}
			if (name.startsWith(CPUS_PREFIX) && name.length() > CPUS_PREFIX.length()) {
				cpus.put(name.substring(CPUS_PREFIX.length()), value);
			}
			else if (name.startsWith(RUN_QUEUE_PREFIX) && name.length() > RUN_QUEUE_PREFIX.length()) {
				waits.put(name.substring(RUN_QUEUE_PREFIX.length()), Double.valueOf(value));
			}
		});
		String nice = values.getOrDefault(NICE, "");
		return new StepScheduling(cpus, waits, nice.isEmpty() ? null : Long.valueOf(nice));
	}

}
