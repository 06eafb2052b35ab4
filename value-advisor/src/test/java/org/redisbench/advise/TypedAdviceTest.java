package org.redisbench.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.objectreading.decode.fixtures.allowed.Cart;
import org.redisbench.objectreading.decode.fixtures.allowed.Line;
import org.redisbench.objectreading.decode.fixtures.allowed.Status;
import org.redisbench.objectreading.decode.fixtures.gadget.Gadget;
import org.redisbench.valueformat.objects.StarterSettings;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The advisor end to end on a folder of a service's objects, as Spring's JDK and typed JSON serializers wrote them,
 * with a gadget among them: formats counted, the objects read, the gadget refused; the typed candidates measured in
 * a redis-server of the advisor's own beside the values as they are and timed by JMH (the shortest run), one that
 * changes a value left out with its first difference, and the advice for a Spring Boot service, ending with the
 * starter's dependency and properties.
 */
class TypedAdviceTest {

	private static final RedisSerializer<Object> JDK = new JdkSerializationRedisSerializer();

	private static final RedisSerializer<Object> TYPED_JSON = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build();

	@TempDir
	Path folder;

	@Test
	void aFolderOfObjects() throws Exception {
		Path values = Files.createDirectories(this.folder.resolve("values"));
		for (int i = 0; i < 80; i++) {
			List<Line> lines = new ArrayList<>();
			for (int l = 0; l <= i % 4; l++) {
				lines.add(new Line("sku-" + (i * 7 + l), 1 + l, new BigDecimal(i * 100 + l).movePointLeft(2)));
			}
			Cart cart = new Cart("cart-" + i, i % 3 == 0 ? Status.PAID : Status.OPEN,
					Instant.ofEpochSecond(1_780_000_000L + i), lines, new LinkedHashMap<>(Map.of("channel", "web")));
			Files.write(values.resolve("cart-" + i + (i % 4 == 0 ? ".json" : ".ser")),
					i % 4 == 0 ? TYPED_JSON.serialize(cart) : JDK.serialize(cart));
		}
		Files.write(values.resolve("gadget.ser"), JDK.serialize(new Gadget()));
		Path out = this.folder.resolve("out");
		// JMH's lock in the temporary folder is the machine's: other runs of it beside this test's must not fail it
		System.setProperty("jmh.ignoreLock", "true");
		assertEquals(0, CommandLines.execute(new AdviseCommand(), "--file", values.toString(), "--sample", "1000",
				"--allow", "org.redisbench.objectreading.decode.fixtures.allowed.**", "--objects",
				"jdk,kryo-registered,fastjson2", "--encodings", "as-is", "--compression", "none", "--layouts",
				"string-per-key,as-stored", "--forks", "0", "--warmup-iterations", "0", "--warmup-time", "100ms",
				"--iterations", "1", "--iteration-time", "100ms", "--output", out.toString()));
		JsonNode advice = JsonMapper.builder().build().readTree(out.resolve(AdviceFiles.JSON).toFile());
		JsonNode sample = advice.get("sample");
		assertEquals(61, sample.get("formats").get("jdk").asInt());
		assertEquals(20, sample.get("formats").get("typed-json").asInt());
		assertEquals(0, sample.get("formats").get("json").asInt());
		assertEquals(80, sample.get("decoded").asInt());
		assertEquals(Gadget.class.getName(), sample.get("refused").get(0).get("class").asString());
		assertEquals(1, sample.get("refused").get(0).get("values").asInt());
		assertTrue(sample.get("registrations").toString().contains(Cart.class.getName()));
		List<JsonNode> rows = new ArrayList<>();
		advice.get("rows").forEach(rows::add);
		assertEquals(8, rows.size(), "as-is and three typed candidates, in two layouts");
		JsonNode kryo = row(rows, "kryo-registered", "as-stored");
		assertTrue(kryo.get("typed").asBoolean());
		assertTrue(kryo.get("measured").asBoolean());
		assertEquals(0, kryo.get("round_trip_failures").asInt());
		assertEquals(0, kryo.get("cannot_carry").asInt());
		assertTrue(kryo.get("decode_ns").asDouble() > 0, "the codec timed on the objects: " + kryo);
		assertTrue(row(rows, "kryo-registered", "string-per-key").get("encode_ns").asDouble() > 0);
		double asIs = row(rows, "as-is", "string-per-key").get("redis_bytes_per_value").asDouble();
		assertTrue(kryo.get("redis_bytes_per_value").asDouble() < asIs / 2,
				() -> kryo + " against the values as they are, " + asIs);
		JsonNode fastjson = row(rows, "fastjson2", "string-per-key");
		assertEquals(80, fastjson.get("round_trip_failures").asInt());
		assertTrue(fastjson.get("first_difference").asString().contains("LinkedHashMap"), fastjson::toString);
		String md = Files.readString(out.resolve(AdviceReport.FILE));
		assertTrue(md.contains("## Formats"));
		assertTrue(md.contains("`" + Gadget.class.getName() + "`: 1 value"));
		assertTrue(md.contains("- fastjson2+none: left out, 80 values did not read back"), md);
		assertTrue(md.contains("The least memory: **kryo-registered+none"), md);
		assertTrue(md.contains("springSessionDefaultRedisSerializer"));
		assertTrue(md.contains("`scripts/migrate.sh --classpath --allow` converts the stored values in place"), md);
		assertFalse(md.contains("| fastjson2 |"), "a candidate that changes values is not ranked");
		assertTrue(md.contains("\n## In a Spring Boot service\n\nThe values read as objects are stored in jdk (61),"
				+ " typed-json (20): a service reads the first beside"), md);
		// The dependency block's exact text is value-format's StarterSettingsTest's.
		assertTrue(md.endsWith("```xml\n" + StarterSettings.COORDINATES.dependency() + """
				```

				```properties
				value-format.write=kryo-registered
				value-format.read-also=jdk
				value-format.allow=org.redisbench.objectreading.decode.fixtures.allowed.**
				# value-format.registrations=file:<the file of registered classes, in order, that migrate's dry run writes to --registrations>
				```
				"""), md);
		assertEquals("value-format.write=kryo-registered", advice.get("service").get("properties").get(0).asString());
	}

	private static JsonNode row(List<JsonNode> rows, String encoding, String layout) {
		return rows.stream()
			.filter((row) -> row.get("encoding").asString().equals(encoding) && row.get("layout").asString().equals(layout))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no row " + encoding + " " + layout + " in " + rows));
	}

}
