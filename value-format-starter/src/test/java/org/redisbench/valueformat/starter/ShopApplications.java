package org.redisbench.valueformat.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.github.luben.zstd.ZstdDictTrainer;
import io.micrometer.core.instrument.MeterRegistry;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.objects.KryoObjectSerializer;
import org.redisbench.valueformat.starter.shop.Orders;
import org.redisbench.valueformat.starter.shop.Shop;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The test service started against a test's own redis-server, with the properties a test gives it, and the zstd
 * dictionary its switch uses; migrate's tests start it too (this module's test jar).
 */
public final class ShopApplications {

	private ShopApplications() {
	}

	public static ConfigurableApplicationContext start(RedisServerExtension redis, String... properties) {
		List<String> all = new ArrayList<>(List.of("spring.data.redis.host=127.0.0.1",
				"spring.data.redis.port=" + redis.port()));
		all.addAll(List.of(properties));
		return new SpringApplicationBuilder(Shop.class).web(WebApplicationType.NONE)
			.properties(all.toArray(String[]::new))
			.run();
	}

	/** The values the service has read in this format, as its {@code value_format.reads} counter says. */
	public static long reads(ConfigurableApplicationContext service, String format) {
		return (long) service.getBean(MeterRegistry.class)
			.get("value_format.reads")
			.tag("format", format)
			.functionCounter()
			.count();
	}

	/** A dictionary trained on the service's own values, as Kryo writes them: what an operator trains once. */
	public static Path dictionary(Path folder) throws IOException {
		Path file = folder.resolve("orders.dict");
		if (!Files.exists(file)) {
			RedisSerializer<Object> kryo = new KryoObjectSerializer(ShopApplications.class.getClassLoader(), List.of());
			ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 4096);
			for (long id = 1; id <= 2000; id++) {
				trainer.addSample(kryo.serialize(Orders.build(id)));
			}
			Files.write(file, trainer.trainSamples());
		}
		return file;
	}

}
