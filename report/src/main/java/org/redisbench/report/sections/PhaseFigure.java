package org.redisbench.report.sections;

import java.util.function.DoubleFunction;
import java.util.function.Function;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

/** A figure of the summary as a report table shows it: its label, the phase it is read from, and how to print it. */
public record PhaseFigure(String label, Phase phase, Function<SummaryRecord, Double> figure, DoubleFunction<String> format) {

	public Spread spread(Figures figures, Variant variant) {
		return figures.spread(variant, this.phase, this.figure);
	}

}
