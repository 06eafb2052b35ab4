package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes a registering format ({@code kryo-registered}, {@code fory-registered}) registers, in their order: a
 * text file of one binary class name a line ({@code com.acme.Cart$Line}), {@code #} comments and blank lines left
 * out. The migrator writes it, and an application's serializer reads it, so that both give each class the same id:
 * the order is the format.
 */
public final class RegistrationFile {

	private RegistrationFile() {
	}

	/** Writes the names in this order, beside the file first and then moved over it, so a reader never sees half. */
	public static void write(Path file, List<Class<?>> classes) throws IOException {
		List<String> lines = new ArrayList<>();
		lines.add("# The classes kryo-registered and fory-registered register, in this order: each gets the next id.");
		lines.add("# Written by scripts/migrate.sh; an application reading the values registers the same list.");
		classes.forEach((type) -> lines.add(type.getName()));
		Path parent = file.toAbsolutePath().getParent();
		Files.createDirectories(parent);
		Path partial = Files.createTempFile(parent, file.getFileName().toString(), ".partial");
		Files.write(partial, lines, StandardCharsets.UTF_8);
		Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
				StandardCopyOption.ATOMIC_MOVE);
	}

	/**
	 * The classes, loaded uninitialised with {@code loader}.
	 *
	 * @throws IllegalArgumentException naming the file and the first class that cannot be loaded: registering the
	 * rest would give every class after it another id
	 */
	public static List<Class<?>> read(Path file, ClassLoader loader) throws IOException {
		return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString(), loader);
	}

	/**
	 * The classes of a registration file's lines, read from elsewhere than a file (a service's classpath).
	 *
	 * @param source where the lines come from, for the message
	 * @throws IllegalArgumentException as {@link #read} does
	 */
	public static List<Class<?>> parse(List<String> lines, String source, ClassLoader loader) {
		List<Class<?>> classes = new ArrayList<>();
		for (String line : lines) {
			String name = line.strip();
			if (name.isEmpty() || name.startsWith("#")) {
				continue;
			}
			try {
				classes.add(Class.forName(name, false, loader));
			}
			catch (ClassNotFoundException | LinkageError ex) {
				throw new IllegalArgumentException(source + " names " + name + ", which the classpath does not hold: the"
						+ " classes after it would get other ids than they were written with");
			}
		}
		return classes;
	}

}
