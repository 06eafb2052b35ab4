package org.redisbench.report;

/**
 * One part of report.md. {@link Report} writes its sections in the order it lists them, so a new section is a
 * class implementing this plus its line in that list. A section with nothing to say about a run writes nothing.
 */
interface Section {

	void writeTo(Markdown md, RunResults run);

}
