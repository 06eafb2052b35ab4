package org.redisbench.valueformat.starter;

/**
 * A {@code value-format.*} setting the service cannot start with: its message is one line that starts with the
 * property, which {@link ValueFormatFailureAnalyzer} prints as the reason the service stopped.
 */
public class ValueFormatSettingException extends RuntimeException {

	private final String property;

	ValueFormatSettingException(String property, String problem) {
		super(property + ": " + problem);
		this.property = property;
	}

	/** The property to correct, e.g. {@code value-format.allow}. */
	public String property() {
		return this.property;
	}

}
