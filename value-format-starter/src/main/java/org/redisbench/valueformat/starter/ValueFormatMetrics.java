package org.redisbench.valueformat.starter;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code value_format.reads}, one counter a format a {@link ValueFormatSerializer} reads: the old one standing still
 * says a switch is over.
 */
public final class ValueFormatMetrics implements MeterBinder {

	private final ValueFormatSerializer<?> serializer;

	public ValueFormatMetrics(ValueFormatSerializer<?> serializer) {
		this.serializer = serializer;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		for (int i = 0; i < this.serializer.formats().size(); i++) {
			int format = i;
			FunctionCounter.builder("value_format.reads", this.serializer, (counted) -> counted.reads(format))
				.tag("format", this.serializer.formats().get(format))
				.description("Redis values read, by the format they were stored in")
				.register(registry);
		}
	}

}
