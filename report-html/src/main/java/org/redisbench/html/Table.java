package org.redisbench.html;

import java.util.List;

/**
 * A table report.html shows at its top, before the warnings, for what a reader must see before any figure: what
 * differed between the runs a comparison compares, a row a fact and a column a run.
 *
 * @param id the section's id in the page
 * @param empty what the page says instead when there is no row
 */
public record Table(String id, String title, List<String> header, List<List<String>> rows, String empty) {

	public Table {
		header = List.copyOf(header);
		rows = rows.stream().map(List::copyOf).toList();
		for (List<String> row : rows) {
			if (row.size() != header.size()) {
				throw new IllegalArgumentException("table '" + title + "': a row of " + row.size() + " cells under "
						+ header.size() + " columns: " + row);
			}
		}
	}

}
