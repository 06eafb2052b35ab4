package org.redisbench.fill;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.fill.Shell.Ran;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * memory-at-scale on redis-servers of its own, from a shell whose {@code REDIS_PASSWORD} is for a Redis of the
 * user's: a row per combination with what a person costs and the Redis's memory, under a heading with the
 * used_memory of the Redis empty.
 */
class MemoryAtScaleTest {

	/** A row: persons, codec, compression, layout, bytes per person, four byte counts, a ratio, a rate. */
	private static final String ROW = "\\| 250 \\| kryo \\| [a-z0-9]+ \\| string-per-key \\| [0-9.]+( \\| [1-9][0-9]*){4} "
			+ "\\| [0-9]+\\.[0-9]{2} \\| [1-9][0-9]* \\|";

	@Test
	void aRowPerCompressionWithBytesPerPersonAndEachMemoryFigure(@TempDir Path folder) throws Exception {
		Path table = folder.resolve("memory.md");

		Ran ran = Shell.withRedisPassword(Shell.WRONG).memoryAtScale("-n", "250", "--codecs", "kryo", "--compression",
				"none,lz4", "--layouts", "string-per-key", "-o", table.toString());

		assertThat(ran.status()).as(ran.toString()).isZero();
		String markdown = Files.readString(table);
		for (String compression : new String[] { "none", "lz4" }) {
			assertThat(markdown).as(compression)
				.containsPattern("(?m)^\\| 250 \\| kryo \\| " + compression + " \\| string-per-key \\| [0-9]+\\.[0-9] \\|");
		}
		assertThat(markdown.lines().filter((line) -> line.matches(ROW))).as(markdown)
			.hasSize(2);
		assertThat(markdown).containsPattern("empty used_memory [1-9][0-9]* bytes");
	}

}
