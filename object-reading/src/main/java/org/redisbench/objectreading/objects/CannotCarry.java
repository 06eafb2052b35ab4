package org.redisbench.objectreading.objects;

/**
 * A value a codec cannot write, or cannot read back from its own bytes, with the reason in words a report
 * prints as it is. The library's exception, when there is one, is kept as the cause for a debugger; the reason
 * never holds a stack trace.
 */
public final class CannotCarry extends Exception {

	private static final long serialVersionUID = 1L;

	public CannotCarry(String reason) {
		super(reason, null, false, false);
	}

	public CannotCarry(String reason, Throwable cause) {
		super(reason, cause, false, false);
	}

	/** One line, for advice.md: what the codec lacks for this value. */
	public String reason() {
		return getMessage();
	}

}
