package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SettingsSectionTest {

	@Test
	void aPublishedStartIsSaidToBeOne() {
		assertEquals("java -jar, as published; both compilers, as published", SettingsSection.appStart("no", "full"));
	}

	@Test
	void requestThreadsOtherThanTomcatsArePutBesideThePublishedOnes() {
		assertEquals("200, Tomcat's, as published", SettingsSection.requestThreads(null, null));
		assertEquals("`server.tomcat.threads.max=200`, Tomcat's, as published (auto: a distance in the run)",
				SettingsSection.requestThreads("200", "auto"));
		String sized = SettingsSection.requestThreads("16", "auto");
		assertTrue(sized.startsWith("`server.tomcat.threads.max=16` (auto: 8 a core"), sized);
		assertTrue(sized.contains("--app-threads 200"), sized);
		assertTrue(SettingsSection.requestThreads("8", "8").contains("(--app-threads;"));
	}

	@Test
	void aSmokeRunsQuickCompilerIsSaidToGiveNoAppsFigures() {
		String said = SettingsSection.appStart("yes", "c1");
		assertTrue(said.startsWith("through a class-data-sharing archive"), said);
		assertTrue(said.contains("APP_JIT=c1") && said.contains("its figures are no app's"), said);
	}

}
