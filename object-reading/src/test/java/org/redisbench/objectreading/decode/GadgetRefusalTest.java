package org.redisbench.objectreading.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.redisbench.objectreading.decode.fixtures.Touched;
import org.redisbench.objectreading.decode.fixtures.allowed.Box;
import org.redisbench.objectreading.decode.fixtures.gadget.Gadget;
import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;

/**
 * The filter test: values naming a class that is on the user's classpath but not allowed are refused before anything
 * of that class runs, and counted: a JDK stream of it, of an allowed class holding it, typed JSON naming it as the
 * value's class, as a field's, and as a generic type id's parameter. The classes are read from a user classpath of
 * the test's own (the test classes over the platform's loader), so its {@code Touched} marks are that loader's alone:
 * the gadget's static initialiser, constructor, setter, readObject and readResolve each leave one.
 */
class GadgetRefusalTest {

	private static final String ALLOWED = "org.redisbench.objectreading.decode.fixtures.allowed.**";

	private static final String GADGET = Gadget.class.getName();

	private static final int MAX_BYTES = 64 * 1024;

	/** Written by Spring's own serializers, in this JVM's loader: the user's loader has its own copy of the gadget. */
	private static final byte[] JDK_GADGET = new JdkSerializationRedisSerializer().serialize(new Gadget());

	private static final byte[] JDK_BOXED_GADGET = new JdkSerializationRedisSerializer()
		.serialize(new Box(List.of(new Gadget())));

	private static final byte[] JSON_GADGET = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build()
		.serialize(named(new Gadget()));

	private static final byte[] JSON_BOXED_GADGET = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build()
		.serialize(new Box(named(new Gadget())));

	/**
	 * A generic type id inside an allowed class, which Jackson resolves by loading its parameters (a value whose own
	 * type id is generic is not typed JSON to {@link ValueFormat}).
	 */
	private static final byte[] JSON_GENERIC_GADGET = ("{\"@class\":\"" + Box.class.getName()
			+ "\",\"content\":[\"java.util.ArrayList<" + GADGET + ">\",[]]}")
		.getBytes(StandardCharsets.UTF_8);

	private static final List<byte[]> PAYLOADS = List.of(JDK_GADGET, JDK_BOXED_GADGET, JSON_GADGET, JSON_BOXED_GADGET,
			JSON_GENERIC_GADGET);

	@Test
	void thePayloadsAreWhatTheySay() {
		assertEquals(List.of(ValueFormat.JDK, ValueFormat.JDK, ValueFormat.TYPED_JSON, ValueFormat.TYPED_JSON,
				ValueFormat.TYPED_JSON), PAYLOADS.stream().map(ValueFormat::of).toList());
		assertTrue(new String(JSON_BOXED_GADGET, StandardCharsets.UTF_8).contains("\"@class\":\"" + GADGET + "\""));
	}

	@Test
	void everyPayloadIsRefusedBeforeTheGadgetRuns() throws Exception {
		try (UserClasspath classpath = ownClasspath()) {
			DecodedSample sample = DecodedSample.read(PAYLOADS, decoder(classpath, ALLOWED));
			for (ValueDecoder.Reading reading : sample.readings()) {
				Outcome.Refused refused = assertInstanceOf(Outcome.Refused.class, reading.outcome());
				assertEquals(GADGET, refused.className());
			}
			assertEquals(Set.of(), touched(classpath), "what of the gadget ran");
			assertEquals(0, sample.decoded());
			assertEquals(Map.of(GADGET, 5L), sample.refused());
			assertEquals(Map.of("org.redisbench.objectreading.decode.fixtures.gadget", 5L), sample.packages());
		}
	}

	/** The same payloads with the gadget allowed: it runs, so the test above could fail. */
	@Test
	void allowedTheGadgetRuns() throws Exception {
		try (UserClasspath classpath = ownClasspath()) {
			DecodedSample sample = DecodedSample.read(List.of(JDK_GADGET, JSON_GADGET),
					decoder(classpath, ALLOWED + ",org.redisbench.objectreading.decode.fixtures.gadget.*"));
			assertEquals(2, sample.decoded(), () -> sample.readings().toString());
			assertEquals(Set.of("static initialiser", "readObject", "readResolve", "constructor", "setter"),
					touched(classpath));
		}
	}

	private static Gadget named(Gadget gadget) {
		gadget.setName("x");
		return gadget;
	}

	private static ValueDecoder decoder(UserClasspath classpath, String allow) {
		return new ValueDecoder(new ClassPolicy(AllowOption.parse(allow), classpath.loader()), classpath.loader(),
				MAX_BYTES);
	}

	/** The test classes as a user's classpath, over the platform's classes only: its statics are its own. */
	static UserClasspath ownClasspath() throws Exception {
		Path classes = Path.of(Touched.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		return UserClasspath.of(classes.toString(), ClassLoader.getPlatformClassLoader());
	}

	@SuppressWarnings("unchecked")
	private static Set<String> touched(UserClasspath classpath) throws Exception {
		return Set.copyOf((Set<String>) Class.forName(Touched.class.getName(), true, classpath.loader())
			.getField("EVENTS")
			.get(null));
	}

}
