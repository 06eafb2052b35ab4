package org.redisbench.report;

import java.util.function.DoubleFunction;
import java.util.function.Function;

import org.redisbench.model.Spread;

/** A figure of the summary as a report table shows it: its label, the phase it is read from, and how to print it. */
record PhaseFigure(String label, Phase phase, Function<SummaryRecord, Double> figure, DoubleFunction<String> format) {

	Spread spread(Figures figures, Variant variant) {
		return figures.spread(variant, this.phase, this.figure);
	}

}
