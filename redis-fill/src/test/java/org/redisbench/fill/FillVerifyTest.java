package org.redisbench.fill;

import org.junit.jupiter.api.Test;
import org.redisbench.fill.Shell.Ran;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fill --verify: every person read back through the codec's app, which decodes them as it stores them; the app
 * started against the fill's own Redis from a shell whose Redis and Spring settings would send it elsewhere.
 */
class FillVerifyTest {

	@Test
	void everyPersonOfHashBucketsIsCheckedIntactThroughTheStringApp() {
		// Built before this module's tests (the pom's string-app dependency): else the fill would build it in the test.
		assertThat(CodecApp.STRING.jar()).as("the string app's jar").isRegularFile();

		Ran ran = Shell.withRedisPassword(Shell.WRONG).fill("-n", "300", "--codec", "fastjson2", "--layout",
				"hash-bucket", "--verify");

		assertThat(ran.status()).as(ran.toString()).isZero();
		assertThat(ran.outLines()).as(ran.toString())
			.anyMatch((line) -> line.startsWith("verified: all 300 persons read and intact through the string app"));
	}

}
