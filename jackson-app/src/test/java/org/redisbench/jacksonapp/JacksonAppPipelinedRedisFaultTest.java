package org.redisbench.jacksonapp;

import java.util.HashMap;
import java.util.Map;

import org.redisbench.test.RedisFaultContractTest;

/** A pipeline sends all 100 writes before reading a reply: the case where a partial batch could hide. */
class JacksonAppPipelinedRedisFaultTest extends RedisFaultContractTest {

	@Override
	protected Class<?> application() {
		return JacksonApplication.class;
	}

	@Override
	protected Map<String, String> properties() {
		Map<String, String> properties = new HashMap<>(super.properties());
		properties.put("bench.mode", "pipeline");
		return properties;
	}

}
