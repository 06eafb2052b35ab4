package org.redisbench.valueformat.starter;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.starter.shop.Shop;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The test service started against a test's own redis-server, with the properties a test gives it. */
final class ShopApplications {

	private ShopApplications() {
	}

	static ConfigurableApplicationContext start(RedisServerExtension redis, String... properties) {
		List<String> all = new ArrayList<>(List.of("spring.data.redis.host=127.0.0.1",
				"spring.data.redis.port=" + redis.port()));
		all.addAll(List.of(properties));
		return new SpringApplicationBuilder(Shop.class).web(WebApplicationType.NONE)
			.properties(all.toArray(String[]::new))
			.run();
	}

}
