package org.redisbench.objectreading.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import com.github.luben.zstd.Zstd;
import org.junit.jupiter.api.Test;
import org.redisbench.commandline.Refusal;
import org.redisbench.objectreading.decode.fixtures.allowed.Box;
import org.redisbench.objectreading.decode.fixtures.allowed.Cart;
import org.redisbench.objectreading.decode.fixtures.allowed.Line;
import org.redisbench.objectreading.decode.fixtures.allowed.Node;
import org.redisbench.objectreading.decode.fixtures.allowed.Status;
import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.GenericJackson2JsonRedisSerializer;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Values of allowed classes, as Spring Data Redis's own serializers write them (the JDK default of RedisTemplate,
 * Spring Cache and Spring Session, and the generic Jackson JSON one with default typing), read back equal; what
 * cannot be read is counted with its reason.
 */
class SpringValuesTest {

	private static final String ALLOWED = "org.redisbench.objectreading.decode.fixtures.allowed.**";

	private static final RedisSerializer<Object> JDK = new JdkSerializationRedisSerializer();

	private static final RedisSerializer<Object> TYPED_JSON = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build();

	private static final Cart CART = new Cart("c-1", Status.PAID, Instant.parse("2026-11-26T10:15:30Z"),
			List.of(new Line("sku-1", 2, new BigDecimal("9.99")), new Line("sku-2", 1, new BigDecimal("120.00"))),
			new LinkedHashMap<>(Map.of("channel", "web")));

	private final ValueDecoder decoder = decoder(ALLOWED, 64 * 1024);

	@Test
	void jdkValuesOfAllowedClassesReadBackEqual() {
		assertEquals(CART, decoded(JDK.serialize(CART)));
		List<Cart> carts = new ArrayList<>(List.of(CART, CART));
		assertEquals(carts, decoded(JDK.serialize(carts)));
	}

	@Test
	void typedJsonOfAllowedClassesReadsBackEqual() {
		byte[] json = TYPED_JSON.serialize(CART);
		assertEquals(ValueFormat.TYPED_JSON, ValueFormat.of(json));
		assertEquals(CART, decoded(json));
		byte[] list = TYPED_JSON.serialize(new ArrayList<>(List.of(CART)));
		assertTrue(new String(list, StandardCharsets.UTF_8).startsWith("[\"java.util.ArrayList\""));
		assertEquals(List.of(CART), decoded(list));
	}

	/**
	 * Spring Data Redis 3's Jackson 2 serializer (still in 4, deprecated), as most services run it today, types the
	 * same values the same way: its values read too.
	 */
	@Test
	@SuppressWarnings({ "deprecation", "removal" })
	void typedJsonOfJackson2ReadsBackEqual() {
		RedisSerializer<Object> jackson2 = new GenericJackson2JsonRedisSerializer();
		Box box = new Box(new ArrayList<>(List.of(new Line("sku-1", 2, new BigDecimal("9.99")), Status.PAID, 12L)));
		byte[] json = jackson2.serialize(box);
		assertEquals(ValueFormat.TYPED_JSON, ValueFormat.of(json), () -> new String(json, StandardCharsets.UTF_8));
		assertEquals(box.getContent(), ((Box) decoded(json)).getContent(), () -> new String(json, StandardCharsets.UTF_8));
	}

	/** Without --allow: what Spring stores of the JDK's own types still reads. */
	@Test
	void theJdksValueTypesNeedNoAllowList() {
		ValueDecoder jdkOnly = decoder("", 64 * 1024);
		HashMap<String, Object> map = new HashMap<>(Map.of("when", Instant.EPOCH, "amount", new BigDecimal("1.5"),
				"tags", new ArrayList<>(List.of("a", "b")), "unit", java.util.concurrent.TimeUnit.SECONDS, "ids",
				new long[] { 1, 2 }, "names", List.of("x"), "locale", java.util.Locale.FRANCE));
		Object read = ((Outcome.Decoded) jdkOnly.read(JDK.serialize(map)).outcome()).value();
		assertEquals(map.keySet(), ((Map<?, ?>) read).keySet());
		assertEquals(Instant.EPOCH, ((Map<?, ?>) read).get("when"));
		assertInstanceOf(Outcome.Refused.class, jdkOnly.read(JDK.serialize(CART)).outcome());
	}

	@Test
	void compressionFramesAreOpenedFirst() throws IOException {
		byte[] jdk = JDK.serialize(CART);
		ByteArrayOutputStream gzip = new ByteArrayOutputStream();
		try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
			out.write(jdk);
		}
		ValueDecoder.Reading gzipped = this.decoder.read(gzip.toByteArray());
		assertEquals(ValueFormat.GZIP, gzipped.format());
		assertEquals(ValueFormat.JDK, gzipped.inside());
		assertEquals(CART, ((Outcome.Decoded) gzipped.outcome()).value());
		ValueDecoder.Reading zstd = this.decoder.read(Zstd.compress(TYPED_JSON.serialize(CART)));
		assertEquals(ValueFormat.TYPED_JSON, zstd.inside());
		assertEquals(CART, ((Outcome.Decoded) zstd.outcome()).value());
	}

	/** A frame holding more than --max-value-bytes is not inflated past it. */
	@Test
	void aFrameLargerThanTheBoundIsNotOpened() {
		ValueDecoder.Reading reading = decoder(ALLOWED, 1000).read(Zstd.compress(new byte[1_000_000]));
		assertEquals(ValueFormat.ZSTD, reading.format());
		assertNull(reading.inside());
		assertEquals(Frames.LARGER, reading.frameFailure());
	}

	@Test
	void aClassMissingFromTheClasspathIsCountedByName() {
		// the stream of a Cart, its class name changed to one of the same length that no classpath holds
		byte[] gone = replace(JDK.serialize(CART), ".allowed.Cart", ".allowed.Gone");
		byte[] goneJson = replace(TYPED_JSON.serialize(CART), ".allowed.Cart", ".allowed.Gone");
		DecodedSample sample = DecodedSample.read(List.of(gone, goneJson, JDK.serialize(CART)), this.decoder);
		assertEquals(Map.of("org.redisbench.objectreading.decode.fixtures.allowed.Gone", 2L), sample.missing());
		assertEquals(1, sample.decoded());
		assertEquals(3, sample.objectValues());
	}

	@Test
	void limitsAreFailuresNotCrashes() {
		DecodedSample sample = DecodedSample.read(List.of(JDK.serialize(Node.chain(StreamLimits.MAX_DEPTH + 50)),
				JDK.serialize(new int[5000]), JDK.serialize(Node.chain(10))), decoder(ALLOWED, 4096));
		assertEquals(1, sample.decoded());
		assertEquals(2, sample.failed().size(), sample.failed()::toString);
		assertTrue(sample.failed().keySet().stream().anyMatch((reason) -> reason.contains("deeper than 100")));
		assertTrue(sample.failed().keySet().stream().anyMatch((reason) -> reason.contains("elements, over 4096")));
	}

	/** Typed JSON nested past the bound fails as a reason, before the reader recurses that deep. */
	@Test
	void deepJsonIsAFailureNotACrash() {
		String box = "{\"@class\":\"" + Box.class.getName() + "\",\"content\":";
		int depth = TypedJsonReader.MAX_NESTING + 10;
		byte[] deep = (box.repeat(depth) + "1" + "}".repeat(depth)).getBytes(StandardCharsets.UTF_8);
		Outcome.Failed failed = assertInstanceOf(Outcome.Failed.class, this.decoder.read(deep).outcome());
		assertTrue(failed.reason().contains("nesting depth"), failed::reason);
		byte[] shallow = (box.repeat(10) + "1" + "}".repeat(10)).getBytes(StandardCharsets.UTF_8);
		assertInstanceOf(Box.class, decoded(shallow));
	}

	@Test
	void formatsAreCountedForEveryValue() {
		DecodedSample sample = DecodedSample.read(List.of(JDK.serialize(CART), TYPED_JSON.serialize(CART),
				"{\"a\":1}".getBytes(StandardCharsets.UTF_8), new byte[] { 1, 2, 3 }), this.decoder);
		assertEquals(1L, sample.formats().get(ValueFormat.JDK));
		assertEquals(1L, sample.formats().get(ValueFormat.TYPED_JSON));
		assertEquals(1L, sample.formats().get(ValueFormat.JSON));
		assertEquals(1L, sample.formats().get(ValueFormat.UNKNOWN));
		assertEquals(0L, sample.formats().get(ValueFormat.GZIP));
		assertEquals(List.of(CART, CART), sample.objects());
		assertNull(sample.object(2));
	}

	@Test
	void anEmptyAllowListWithObjectsOfTheUsersNamesTheirPackages() {
		DecodedSample sample = DecodedSample.read(List.of(JDK.serialize(CART), JDK.serialize(CART)),
				decoder("", 64 * 1024));
		Refusal refused = assertThrows(Refusal.class,
				() -> sample.requireDecodable(AllowOption.parse(""), false));
		assertTrue(refused.getMessage().contains("org.redisbench.objectreading.decode.fixtures.allowed"), refused::getMessage);
		assertTrue(refused.getMessage().contains("--allow"), refused::getMessage);
	}

	@Test
	void classesGivenAndNothingDecodedIsBadInput() {
		DecodedSample none = DecodedSample.read(List.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8)), this.decoder);
		assertThrows(Refusal.class, () -> none.requireDecodable(AllowOption.parse(ALLOWED), true));
		DecodedSample missing = DecodedSample
			.read(List.of(replace(JDK.serialize(CART), ".allowed.Cart", ".allowed.Gone")), this.decoder);
		Refusal message = assertThrows(Refusal.class,
				() -> missing.requireDecodable(AllowOption.parse(ALLOWED), true));
		assertTrue(message.getMessage().contains("allowed.Gone not on --classpath"), message::getMessage);
		DecodedSample some = DecodedSample.read(List.of(JDK.serialize(CART)), this.decoder);
		some.requireDecodable(AllowOption.parse(ALLOWED), true);
	}

	private Object decoded(byte[] value) {
		Outcome outcome = this.decoder.read(value).outcome();
		return assertInstanceOf(Outcome.Decoded.class, outcome, () -> String.valueOf(outcome)).value();
	}

	private static ValueDecoder decoder(String allow, int maxBytes) {
		ClassLoader loader = SpringValuesTest.class.getClassLoader();
		return new ValueDecoder(new ClassPolicy(AllowOption.parse(allow), loader), loader, maxBytes);
	}

	private static byte[] replace(byte[] value, String from, String to) {
		byte[] what = from.getBytes(StandardCharsets.UTF_8);
		byte[] with = to.getBytes(StandardCharsets.UTF_8);
		byte[] out = value.clone();
		for (int i = 0; i + what.length <= out.length; i++) {
			if (Arrays.equals(out, i, i + what.length, what, 0, what.length)) {
				System.arraycopy(with, 0, out, i, with.length);
			}
		}
		if (Arrays.equals(out, value)) {
			throw new UncheckedIOException(new IOException(from + " is not in the value"));
		}
		return out;
	}

}
