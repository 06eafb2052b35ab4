package org.redisbench.lab;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.redisbench.codecs.Availability;
import org.redisbench.estimates.Estimate;

/**
 * One configuration's figures: a row of the report's table, of codecs.csv and of codecs.json. A figure not
 * measured (an unavailable codec, a benchmark that failed) is {@code null}.
 */
record LabRow(CodecSetup setup, Availability availability, Map<Operation, JmhResults.Measured> measured,
		SizeLab.Row sizes) {

	static LabRow of(CodecSetup setup, JmhResults jmh, SizeLab.Results sizes) {
		Map<Operation, JmhResults.Measured> measured = new EnumMap<>(Operation.class);
		for (Operation operation : Operation.values()) {
			JmhResults.Measured result = jmh.get(operation, setup);
			if (result != null) {
				measured.put(operation, result);
			}
		}
		return new LabRow(setup, setup.codec().availability(), measured, sizes.row(setup));
	}

	/** Why the codec cannot run here, or {@code null} when it can. */
	String unavailable() {
		return (this.availability instanceof Availability.Unavailable unavailable) ? unavailable.why() : null;
	}

	/** How the codec failed in the lab's size measurement, or {@code null}. */
	String failure() {
		return (this.sizes != null) ? this.sizes.failure() : null;
	}

	/** available, unavailable and why, or failed and how: for the report's availability column. */
	String status() {
		if (unavailable() != null) {
			return "unavailable: " + unavailable();
		}
		if (failure() != null) {
			return "failed: " + failure();
		}
		return this.measured.isEmpty() ? "available, but JMH measured nothing (see jmh.log)" : "available";
	}

	Estimate nanos(Operation operation) {
		JmhResults.Measured result = this.measured.get(operation);
		return (result != null) ? result.nanos() : null;
	}

	Estimate allocated(Operation operation) {
		JmhResults.Measured result = this.measured.get(operation);
		return (result != null) ? result.allocated() : null;
	}

	/** Named columns in a fixed order; an interval is its score and its error (the 99.9% half-width). */
	Map<String, Object> columns() {
		Map<String, Object> columns = new LinkedHashMap<>();
		columns.put("codec", this.setup.codec().id());
		columns.put("compression", this.setup.compression().toString());
		columns.put("available", unavailable() == null);
		columns.put("unavailable_because", unavailable());
		columns.put("failure", failure());
		columns.put("configuration", this.setup.codec().configuration());
		for (Operation operation : Operation.values()) {
			put(columns, operation.column() + "_ns", nanos(operation));
			put(columns, operation.column() + "_bytes_allocated", allocated(operation));
		}
		columns.put("persons_sized", size(SizeLab.Row::persons));
		columns.put("value_bytes_mean", size(SizeLab.Row::valueBytesMean));
		columns.put("value_bytes_p50", size(SizeLab.Row::valueBytesP50));
		columns.put("value_bytes_p99", size(SizeLab.Row::valueBytesP99));
		columns.put("redis_keys", size(SizeLab.Row::keys));
		columns.put("redis_bytes_per_key", size(SizeLab.Row::redisBytesPerKey));
		return columns;
	}

	private Object size(Function<SizeLab.Row, Object> figure) {
		return (this.sizes != null) ? figure.apply(this.sizes) : null;
	}

	private static void put(Map<String, Object> columns, String name, Estimate estimate) {
		columns.put(name, (estimate != null) ? finite(estimate.score()) : null);
		columns.put(name + "_error", (estimate != null) ? finite(estimate.error()) : null);
	}

	/** JSON has no NaN: JMH's missing interval is an empty field. */
	private static Double finite(double value) {
		return Double.isFinite(value) ? value : null;
	}

}
