package org.redisbench.objectreading.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.Refusal;
import org.redisbench.objectreading.decode.fixtures.allowed.Cart;
import org.redisbench.objectreading.decode.fixtures.allowed.Line;
import org.redisbench.objectreading.decode.fixtures.allowed.Node;
import org.redisbench.objectreading.decode.fixtures.allowed.Status;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;

/** The user's classes, over the platform's loader only, so that every fixture class found is the user loader's. */
class UserClasspathTest {

	private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

	@TempDir
	Path folder;

	/** A Spring Boot fat jar: the classes under BOOT-INF/classes, one of them in a jar under BOOT-INF/lib. */
	@Test
	void aFatJarIsReadAsItIs() throws Exception {
		Path fat = this.folder.resolve("app.jar");
		try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(fat))) {
			add(jar, "org/springframework/boot/loader/launch/JarLauncher.class", new byte[] { 0 });
			for (Class<?> type : List.of(Cart.class, Line.class, Status.class)) {
				add(jar, "BOOT-INF/classes/" + entryName(type), classBytes(type));
			}
			ByteArrayOutputStream lib = new ByteArrayOutputStream();
			try (JarOutputStream inner = new JarOutputStream(lib)) {
				add(inner, entryName(Node.class), classBytes(Node.class));
			}
			add(jar, "BOOT-INF/lib/nodes.jar", lib.toByteArray());
		}
		Path extracted;
		try (UserClasspath classpath = UserClasspath.of(fat.toString(), PLATFORM)) {
			assertEquals(2, classpath.entries().size(), classpath.entries()::toString);
			extracted = classpath.entries().get(0);
			Class<?> cart = classpath.loader().loadClass(Cart.class.getName());
			assertSame(classpath.loader(), cart.getClassLoader());
			assertSame(classpath.loader(), classpath.loader().loadClass(Node.class.getName()).getClassLoader());
			ClassPolicy policy = new ClassPolicy(AllowOption.parse("org.redisbench.objectreading.decode.fixtures.allowed.*"),
					classpath.loader());
			Outcome read = new ValueDecoder(policy, classpath.loader(), 64 * 1024)
				.read(new JdkSerializationRedisSerializer().serialize(new Cart("c", Status.OPEN, null, List.of(),
						java.util.Map.of()))).outcome();
			assertSame(cart, assertInstanceOf(Outcome.Decoded.class, read).value().getClass());
			assertTrue(Files.exists(extracted));
		}
		assertFalse(Files.exists(extracted), "the extracted classes are deleted on close");
	}

	@Test
	void aFolderStarIsEveryJarInIt() throws Exception {
		Path libs = Files.createDirectories(this.folder.resolve("libs"));
		for (Class<?> type : List.of(Node.class, Status.class)) {
			try (JarOutputStream jar = new JarOutputStream(
					Files.newOutputStream(libs.resolve(type.getSimpleName() + ".jar")))) {
				add(jar, entryName(type), classBytes(type));
			}
		}
		Files.writeString(libs.resolve("notes.txt"), "not a jar");
		try (UserClasspath classpath = UserClasspath.of(libs + "/*::", PLATFORM)) {
			assertEquals(List.of(libs.resolve("Node.jar"), libs.resolve("Status.jar")), classpath.entries());
			assertSame(classpath.loader(), classpath.loader().loadClass(Status.class.getName()).getClassLoader());
		}
	}

	@Test
	void anEntryThatDoesNotExistIsBadInput() {
		Refusal missing = assertThrows(Refusal.class,
				() -> UserClasspath.of(this.folder + ":" + this.folder.resolve("nope.jar"), PLATFORM));
		assertTrue(missing.getMessage().contains("nope.jar"), missing::getMessage);
		assertThrows(Refusal.class, () -> UserClasspath.of(this.folder.resolve("none") + "/*", PLATFORM));
	}

	@Test
	void noClasspathIsTheParentsClasses() throws Exception {
		try (UserClasspath classpath = UserClasspath.of("", PLATFORM)) {
			assertEquals(List.of(), classpath.entries());
			assertThrows(ClassNotFoundException.class, () -> classpath.loader().loadClass(Cart.class.getName()));
		}
	}

	private static String entryName(Class<?> type) {
		return type.getName().replace('.', '/') + ".class";
	}

	private static byte[] classBytes(Class<?> type) throws IOException {
		try (var in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
			return in.readAllBytes();
		}
	}

	private static void add(JarOutputStream jar, String name, byte[] bytes) throws IOException {
		jar.putNextEntry(new JarEntry(name));
		OutputStream out = jar;
		out.write(bytes);
		jar.closeEntry();
	}

}
