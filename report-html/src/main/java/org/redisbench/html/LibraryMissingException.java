package org.redisbench.html;

/**
 * The jar was built without a file report.html inlines (the chart library, the page's style or script): nothing is
 * written, and the message says what is missing and how to rebuild.
 */
public final class LibraryMissingException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	LibraryMissingException(String message) {
		super(message);
	}

}
