package org.redisbench.fill;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

import org.redisbench.codecs.PersonCodec;

/**
 * The app that stores persons with a codec: its zstd dictionary (each app ships its own) is the one a fill
 * compresses with, and its {@code /check} decodes what a fill stored with the app's own decoder.
 */
enum CodecApp {

	STRING(PersonCodec.FASTJSON2), KRYO(PersonCodec.KRYO), JACKSON(PersonCodec.JACKSON_JSON);

	private final PersonCodec codec;

	CodecApp(PersonCodec codec) {
		this.codec = codec;
	}

	static Optional<CodecApp> of(PersonCodec codec) {
		return Arrays.stream(values()).filter((app) -> app.codec == codec).findFirst();
	}

	/** As the scripts name it: string, kryo, jackson. */
	String id() {
		return name().toLowerCase();
	}

	/** The app's dictionary. */
	Path dictionary() {
		return folder().resolve(Path.of("src", "main", "resources", "person.zdict"));
	}

	/** The app's module. */
	private Path folder() {
		return repository().resolve(id() + "-app");
	}

	/**
	 * The repository's root, which holds the apps' modules and the scripts that build their jars: where the tools
	 * run (their scripts start them there), or its parent (a module's tests).
	 */
	static Path repository() {
		Path parent = Path.of("..");
		return (!Files.isDirectory(Path.of("scripts")) && Files.isDirectory(parent.resolve("scripts"))) ? parent
				: Path.of(".");
	}

}
