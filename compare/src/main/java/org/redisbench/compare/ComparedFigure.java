package org.redisbench.compare;

import java.util.List;
import java.util.Locale;

/**
 * One figure two runs can be compared on.
 *
 * @param key its name in compare.json: {@code add_rps}, {@code open_loop_p99_ms_at_200_rps}
 * @param label its name for a reader
 * @param unit what it counts
 */
record ComparedFigure(String key, String label, String unit, Direction direction) {

	static final ComparedFigure ADD_RPS = new ComparedFigure("add_rps", "/add requests/s", "requests/s", Direction.HIGHER_IS_BETTER);

	static final ComparedFigure CHECK_RPS = new ComparedFigure("check_rps", "/check requests/s", "requests/s",
			Direction.HIGHER_IS_BETTER);

	static final ComparedFigure NOOP_RPS = new ComparedFigure("noop_rps", "/noop requests/s (the HTTP ceiling)", "requests/s",
			Direction.HIGHER_IS_BETTER);

	static final ComparedFigure ADD_CPU = new ComparedFigure("add_cpu_ms", "app CPU ms per /add", "ms", Direction.LOWER_IS_BETTER);

	static final ComparedFigure CHECK_CPU = new ComparedFigure("check_cpu_ms", "app CPU ms per /check", "ms",
			Direction.LOWER_IS_BETTER);

	static final ComparedFigure BYTES_PER_PERSON = new ComparedFigure("bytes_per_person", "Redis bytes per person", "bytes",
			Direction.LOWER_IS_BETTER);

	static final ComparedFigure REDIS_SET_RPS = new ComparedFigure("redis_set_rps", "redis-benchmark SET/s (the Redis ceiling)",
			"requests/s", Direction.HIGHER_IS_BETTER);

	static final ComparedFigure REDIS_GET_RPS = new ComparedFigure("redis_get_rps", "redis-benchmark GET/s (the Redis ceiling)",
			"requests/s", Direction.HIGHER_IS_BETTER);

	/** The figures of every run, in the order a comparison lists them; the open-loop ones follow. */
	static final List<ComparedFigure> OF_EVERY_RUN = List.of(ADD_RPS, CHECK_RPS, ADD_CPU, CHECK_CPU, BYTES_PER_PERSON,
			NOOP_RPS, REDIS_SET_RPS, REDIS_GET_RPS);

	/** The open-loop p99 at a step's rate ({@code --rates}). */
	static ComparedFigure p99At(double rate) {
		String rps = rate == Math.rint(rate) ? String.valueOf((long) rate) : String.format(Locale.ROOT, "%.1f", rate);
		return new ComparedFigure("open_loop_p99_ms_at_" + rps + "_rps", "open-loop p99 ms at " + rps + " requests/s", "ms",
				Direction.LOWER_IS_BETTER);
	}

	/** The highest rate found meeting the run's {@code --slo} objective, as given ({@code p99=20ms}). */
	static ComparedFigure capacity(String objective) {
		return new ComparedFigure("capacity_rps_at_" + objective.replaceAll("[^A-Za-z0-9.]+", "_"),
				"capacity at " + objective + ", requests/s", "requests/s",
				Direction.HIGHER_IS_BETTER);
	}

}
