package org.redisbench.report.sections;

import org.redisbench.runresults.RunResults;

/**
 * One part of report.md. {@link org.redisbench.report.Report} writes its sections in the order it lists them, so a new section is a
 * class implementing this plus its line in that list. A section with nothing to say about a run writes nothing.
 */
public interface Section {

	public void writeTo(Markdown md, RunResults run);

}
