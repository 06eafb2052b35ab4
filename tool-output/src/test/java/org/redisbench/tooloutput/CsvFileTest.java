package org.redisbench.tooloutput;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CsvFileTest {

	@Test
	void cellsAreQuotedOnlyWhenTheyMustBeAndNumbersHaveNoExponent() {
		assertEquals("", CsvFile.cell(null));
		assertEquals("plain", CsvFile.cell("plain"));
		assertEquals("\"a,b\"", CsvFile.cell("a,b"));
		assertEquals("\"say \"\"hi\"\"\"", CsvFile.cell("say \"hi\""));
		assertEquals("\"two\nlines\"", CsvFile.cell("two\nlines"));
		assertEquals("12000000", CsvFile.cell(1.2e7));
		assertEquals("0.5", CsvFile.cell(0.50));
		assertEquals("", CsvFile.cell(Double.NaN));
		assertEquals("42", CsvFile.cell(42L));
	}

	@Test
	void rowsAreWrittenUnderTheColumnsInTheirOrder(@TempDir Path folder) throws Exception {
		Map<String, Object> row = new LinkedHashMap<>();
		row.put("b", 2.0);
		row.put("a", "x,y");
		Path file = folder.resolve("t.csv");
		CsvFile.write(file, List.of("a", "b", "c"), List.of(row));
		assertEquals("a,b,c\n\"x,y\",2,\n", Files.readString(file));
		CsvFile.write(file, List.of(), List.of());
		assertEquals("", Files.readString(file));
	}

}
