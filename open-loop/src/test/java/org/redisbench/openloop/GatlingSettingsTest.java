package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.typesafe.config.ConfigFactory;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.config.GatlingConfiguration$;
import io.gatling.core.stats.writer.DataWriterType;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/** The module's gatling.conf as Gatling itself loads it, over its defaults and under system properties. */
class GatlingSettingsTest {

	@Test
	void nothingLeaves127001AndNoRequestCostsAWriterMessage() {
		GatlingConfiguration gatling = GatlingConfiguration$.MODULE$.load();
		assertTrue(gatling.http().warmUpUrl().isEmpty(), "no warm-up request to gatling.io");
		assertFalse(gatling.data().enableAnalytics());
		assertEquals(List.of(), writers(gatling), "no simulation.log, and no console summary: 15% of its CPU");
		assertEquals(10_000, gatling.http().requestTimeout().toMillis());
	}

	@Test
	void theConsoleSummaryComesBackWhenAskedForInTheJvmOptions() {
		System.setProperty("gatling.data.writers.0", "console");
		ConfigFactory.invalidateCaches();
		try {
			assertEquals(List.of("console"), writers(GatlingConfiguration$.MODULE$.load()));
		}
		finally {
			System.clearProperty("gatling.data.writers.0");
			ConfigFactory.invalidateCaches();
		}
	}

	private static List<String> writers(GatlingConfiguration gatling) {
		return CollectionConverters.asJava(gatling.data().dataWriters()).stream().map(DataWriterType::name).toList();
	}

}
