package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SettingsSectionTest {

	@Test
	void aPublishedStartIsSaidToBeOne() {
		assertEquals("java -jar, as published; both compilers, as published", SettingsSection.appStart("no", "full"));
	}

	@Test
	void aSmokeRunsQuickCompilerIsSaidToGiveNoAppsFigures() {
		String said = SettingsSection.appStart("yes", "c1");
		assertTrue(said.startsWith("through a class-data-sharing archive"), said);
		assertTrue(said.contains("APP_JIT=c1") && said.contains("its figures are no app's"), said);
	}

}
