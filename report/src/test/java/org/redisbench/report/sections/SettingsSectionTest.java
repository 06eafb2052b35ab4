package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.redisbench.runresults.KeyValues;

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

	@Test
	void eachGenerationOfRunsIsSaidItsOwnWarmup() {
		assertEquals("5000 requests on /add, then on /check, thrown away",
				SettingsSection.warmup(KeyValues.parse("warmup=5000\n")));
		assertTrue(SettingsSection.warmup(KeyValues.parse("warmup=5000\nwarmup_rounds=12\nwarmup_jit_share=2\n"))
			.endsWith("until compiling took under 2% of the app's CPU during ab; at most 12 rounds"));
		assertEquals("rounds on /add, /check and /noop, thrown away, of 5000 requests each, then twice as many a round,"
				+ " until a round's compilations came to at most 5 a 1,000 requests; at most 12 × 5000 requests each",
				SettingsSection.warmup(KeyValues.parse("warmup=5000\nwarmup_rounds=12\nwarmup_jit_share=2\n"
						+ "warmup_compiles=5\n")));
	}

}
