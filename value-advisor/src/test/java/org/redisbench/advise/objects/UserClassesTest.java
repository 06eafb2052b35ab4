package org.redisbench.advise.objects;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ObjectCandidates;
import org.redisbench.objectreading.objects.ObjectCodec;
import org.redisbench.objectreading.objects.ObjectSample;
import org.redisbench.objectreading.objects.TypedConversion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user's classes as the advisor meets them: compiled apart, in a folder of their own, loaded by a
 * {@link URLClassLoader} that the advisor's own class loader cannot see into. Every candidate must name and
 * build them through the loader it is given; JMH's forks must rebuild them from the classpath they are told.
 */
class UserClassesTest {

	private static final String ORDER = """
			package com.acme.shop;

			import java.io.Serializable;
			import java.math.BigDecimal;
			import java.time.Instant;
			import java.util.List;
			import java.util.Map;

			public record Order(String id, List<Line> lines, Map<String, Integer> stock, BigDecimal total,
					Instant placed, Kind kind) implements Serializable {

				public enum Kind { WEB, SHOP }

				public record Line(String sku, int quantity) implements Serializable {
				}

			}
			""";

	@TempDir
	static Path classes;

	private static URLClassLoader loader;

	@BeforeAll
	static void compile() throws IOException {
		Path source = classes.resolve("src/com/acme/shop/Order.java");
		Files.createDirectories(source.getParent());
		Files.writeString(source, ORDER);
		Path out = Files.createDirectories(classes.resolve("classes"));
		JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
		assertEquals(0, javac.run(null, null, null, "-d", out.toString(), source.toString()));
		loader = new URLClassLoader(new URL[] { out.toUri().toURL() }, UserClassesTest.class.getClassLoader());
	}

	private static List<Object> orders(int count) throws ReflectiveOperationException {
		Class<?> order = loader.loadClass("com.acme.shop.Order");
		Class<?> line = loader.loadClass("com.acme.shop.Order$Line");
		Class<?> kind = loader.loadClass("com.acme.shop.Order$Kind");
		Constructor<?> newOrder = order.getDeclaredConstructors()[0];
		Constructor<?> newLine = line.getDeclaredConstructors()[0];
		List<Object> orders = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			orders.add(newOrder.newInstance("order" + i,
					new ArrayList<>(List.of(newLine.newInstance("sku" + i, i + 1), newLine.newInstance("sku", 1))),
					Map.of("sku", i), new BigDecimal("12.5"), java.time.Instant.ofEpochSecond(1_700_000_000L + i, 500),
					kind.getEnumConstants()[i % 2]));
		}
		return orders;
	}

	@Test
	void theUsersClassesAreOutOfTheAdvisorsSight() {
		assertThrows(ClassNotFoundException.class, () -> Class.forName("com.acme.shop.Order"));
	}

	@Test
	void everyCandidateNamesAndBuildsTheUsersClassesThroughTheirLoader() throws ReflectiveOperationException {
		ObjectSample sample = ObjectSample.of(orders(4));
		for (ObjectCodec codec : ObjectCandidates.all(loader, sample)) {
			TypedConversion conversion = TypedConversion.of(codec, sample, Disclosure.SHOWN);
			assertTrue(conversion.isFaithful(),
					codec.id() + ": " + conversion.reasons() + " " + conversion.firstDifference().orElse(""));
		}
	}

	@Test
	void jmhsForksRebuildTheObjectsFromTheClasspathTheyAreGiven(@TempDir Path work) throws Exception {
		ObjectSample sample = ObjectSample.of(orders(8));
		// JMH's machine-wide lock keeps two measurements apart; this one asserts the plumbing, not a time, and
		// must not fail because another JMH runs on the machine
		String ignoreLock = System.setProperty("jmh.ignoreLock", "true");
		Map<String, ObjectCpuRun.Cpu> cpu;
		try {
			OptionsBuilder settings = new OptionsBuilder();
			settings.forks(1).warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(200));
			cpu = ObjectCpuRun.measure(settings, List.of("kryo-registered"), sample, loader,
					List.of(classes.resolve("classes")), work, work.resolve("jmh.log"));
		}
		finally {
			if (ignoreLock == null) {
				System.clearProperty("jmh.ignoreLock");
			}
			else {
				System.setProperty("jmh.ignoreLock", ignoreLock);
			}
		}
		ObjectCpuRun.Cpu kryo = cpu.get("kryo-registered");
		assertTrue(kryo.encode().score() > 0 && kryo.decode().score() > 0, cpu.toString());
		assertTrue(Files.notExists(work.resolve("objects.bin")));
	}

}
