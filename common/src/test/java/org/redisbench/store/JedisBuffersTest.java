package org.redisbench.store;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisbench.valueformat.Compression;
import org.redisbench.model.Layout;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Jedis's buffers from {@code bench.redis-buffer}, unless the JVM was given its own sizes. */
class JedisBuffersTest {

	private String output;

	private String input;

	@BeforeEach
	void keep() {
		this.output = System.getProperty(JedisBuffers.OUTPUT);
		this.input = System.getProperty(JedisBuffers.INPUT);
		System.clearProperty(JedisBuffers.OUTPUT);
		System.clearProperty(JedisBuffers.INPUT);
	}

	@AfterEach
	void restore() {
		restore(JedisBuffers.OUTPUT, this.output);
		restore(JedisBuffers.INPUT, this.input);
	}

	@Test
	void theDefaultHoldsAPipelinedRequestsPersons() {
		DataSize size = bind(Map.of()).redisBuffer();
		JedisBuffers.apply(size);

		assertThat(System.getProperty(JedisBuffers.OUTPUT)).isEqualTo("32768");
		assertThat(System.getProperty(JedisBuffers.INPUT)).isEqualTo("32768");
	}

	@Test
	void aSizeTheJvmWasGivenIsKept() {
		System.setProperty(JedisBuffers.OUTPUT, "8192");
		JedisBuffers.apply(DataSize.ofKilobytes(64));

		assertThat(System.getProperty(JedisBuffers.OUTPUT)).isEqualTo("8192");
		assertThat(System.getProperty(JedisBuffers.INPUT)).isEqualTo("65536");
	}

	@Test
	void aBufferBelowOneKilobyteIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new StoreProperties(100, RoundTrips.PIPELINE, Compression.NONE, "x",
					Duration.ofSeconds(5), false, 65536, Layout.STRING_PER_KEY,
					TimeToLive.NONE, DataSize.ofBytes(512), "none"))
			.withMessage("bench.redis-buffer must be from 1KB to 16MB, was 512B");
	}

	private static StoreProperties bind(Map<String, String> properties) {
		return new Binder(new MapConfigurationPropertySource(properties)).bindOrCreate("bench", StoreProperties.class);
	}

	private static void restore(String name, String value) {
		if (value == null) {
			System.clearProperty(name);
		}
		else {
			System.setProperty(name, value);
		}
	}

}
