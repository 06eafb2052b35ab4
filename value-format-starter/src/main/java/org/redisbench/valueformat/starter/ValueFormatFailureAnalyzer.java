package org.redisbench.valueformat.starter;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints a bad setting as its one line, not as the stack of the bean that could not be made from it. */
class ValueFormatFailureAnalyzer extends AbstractFailureAnalyzer<ValueFormatSettingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ValueFormatSettingException cause) {
		return new FailureAnalysis(cause.getMessage(), "Correct " + cause.property() + " (docs/starter.md).", cause);
	}

}
