package org.redisbench.objectreading.decode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.redisbench.commandline.Refusal;

/**
 * The user's classes ({@code --classpath}): {@code :}-separated entries as {@code java -cp} takes them, a folder of
 * classes, a jar, or {@code dir/*} for every jar in a folder; a Spring Boot fat jar's {@code BOOT-INF/classes} and
 * {@code BOOT-INF/lib/*.jar} are read as they are, copied out to a folder of the advisor's own (a
 * {@link URLClassLoader} cannot read a jar inside a jar), which {@link #close} and the JVM's exit delete. The
 * advisor's own classes come first (the loader's parent), so that the JDK's and Spring's classes the readers use are
 * the advisor's.
 */
public final class UserClasspath implements AutoCloseable {

	private static final String BOOT_CLASSES = "BOOT-INF/classes/";

	private static final String BOOT_LIB = "BOOT-INF/lib/";

	private final List<Path> entries;

	private final URLClassLoader loader;

	private final Path extracted;

	private UserClasspath(List<Path> entries, Path extracted, ClassLoader parent) {
		this.entries = List.copyOf(entries);
		this.extracted = extracted;
		URL[] urls = entries.stream().map(UserClasspath::url).toArray(URL[]::new);
		this.loader = new URLClassLoader("user-classpath", urls, parent);
	}

	/**
	 * @param spec the --classpath value, empty for none (the loader is then the parent's classes alone)
	 * @throws Refusal for an entry that does not exist, or a jar that cannot be read
	 */
	public static UserClasspath of(String spec, ClassLoader parent) {
		List<Path> named = new ArrayList<>();
		for (String entry : spec.split(":")) {
			if (entry.isBlank()) {
				continue;
			}
			named.addAll(expand(entry.strip()));
		}
		List<Path> entries = new ArrayList<>();
		Path extracted = null;
		try {
			for (Path entry : named) {
				if (!isFatJar(entry)) {
					entries.add(entry);
					continue;
				}
				if (extracted == null) {
					extracted = Files.createTempDirectory("advise-classpath-");
					Path folder = extracted;
					Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(folder)));
				}
				entries.addAll(extractFatJar(entry, Files.createTempDirectory(extracted, "fat-jar-")));
			}
		}
		catch (IOException ex) {
			delete(extracted);
			throw new Refusal("--classpath: cannot read " + ex.getMessage());
		}
		return new UserClasspath(entries, extracted, parent);
	}

	/** What the loader reads, in order: the entries given, with every fat jar's classes and jars in its place. */
	public List<Path> entries() {
		return this.entries;
	}

	public ClassLoader loader() {
		return this.loader;
	}

	@Override
	public void close() {
		try {
			this.loader.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			delete(this.extracted);
		}
	}

	private static List<Path> expand(String entry) {
		if (entry.equals("*") || entry.endsWith("/*")) {
			Path folder = Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 2));
			if (!Files.isDirectory(folder)) {
				throw new Refusal("--classpath: no such folder " + folder + " (in " + entry + ")");
			}
			List<Path> jars = new ArrayList<>();
			try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.{jar,JAR}")) {
				files.forEach(jars::add);
			}
			catch (IOException ex) {
				throw new Refusal("--classpath: cannot list " + folder + ": " + ex.getMessage());
			}
			jars.sort(Comparator.naturalOrder());
			return jars;
		}
		Path path = Path.of(entry);
		if (!Files.exists(path)) {
			throw new Refusal("--classpath: no such file or folder " + entry);
		}
		return List.of(path);
	}

	private static boolean isFatJar(Path entry) throws IOException {
		if (!Files.isRegularFile(entry)) {
			return false;
		}
		try (JarFile jar = new JarFile(entry.toFile())) {
			return jar.stream().anyMatch((inside) -> inside.getName().startsWith(BOOT_CLASSES)
					|| inside.getName().startsWith(BOOT_LIB));
		}
		catch (IOException ex) {
			throw new IOException(entry + " (not a jar? " + ex.getMessage() + ")", ex);
		}
	}

	/** Its classes folder, then its jars by name; nothing is written outside {@code into}. */
	private static List<Path> extractFatJar(Path fatJar, Path into) throws IOException {
		Path classes = into.resolve("classes");
		Path lib = into.resolve("lib");
		Files.createDirectories(classes);
		Files.createDirectories(lib);
		List<Path> jars = new ArrayList<>();
		try (JarFile jar = new JarFile(fatJar.toFile())) {
			Enumeration<JarEntry> all = jar.entries();
			while (all.hasMoreElements()) {
				JarEntry entry = all.nextElement();
				String name = entry.getName();
				Path target;
				if (name.startsWith(BOOT_CLASSES) && name.length() > BOOT_CLASSES.length()) {
					target = inside(classes, name.substring(BOOT_CLASSES.length()));
				}
				else if (name.startsWith(BOOT_LIB) && name.endsWith(".jar")
						&& name.indexOf('/', BOOT_LIB.length()) < 0) {
					target = inside(lib, name.substring(BOOT_LIB.length()));
					jars.add(target);
				}
				else {
					continue;
				}
				if (entry.isDirectory()) {
					Files.createDirectories(target);
					continue;
				}
				Files.createDirectories(target.getParent());
				try (InputStream in = jar.getInputStream(entry)) {
					Files.copy(in, target);
				}
			}
		}
		catch (IOException ex) {
			throw new IOException(fatJar + ": " + ex.getMessage(), ex);
		}
		jars.sort(Comparator.naturalOrder());
		List<Path> entries = new ArrayList<>();
		entries.add(classes);
		entries.addAll(jars);
		return entries;
	}

	/** A jar's entry name as a path under {@code folder}; a name that climbs out ({@code ../}) is refused. */
	private static Path inside(Path folder, String name) throws IOException {
		Path target = folder.resolve(name).normalize();
		if (!target.startsWith(folder)) {
			throw new IOException("entry " + name + " points outside its folder");
		}
		return target;
	}

	private static URL url(Path path) {
		try {
			return path.toUri().toURL();
		}
		catch (MalformedURLException ex) {
			throw new Refusal("--classpath: " + path + " is no URL: " + ex.getMessage());
		}
	}

	private static void delete(Path folder) {
		if (folder == null || !Files.exists(folder)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(folder)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			// left in the temporary folder; the system cleans it
		}
	}

}
