package org.redisbench.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code redis-bench index DIR}: the index written by hand, and what it refuses. */
class IndexCommandTest {

	@TempDir
	Path temp;

	@Test
	void writesTheIndexOfTheFolderItIsGiven() throws IOException {
		ResultsFolder.create(this.temp.resolve("run").toString());

		assertEquals(CommandLines.OK, CommandLines.execute(new IndexCommand(), this.temp.toString()));
		assertTrue(Files.readString(this.temp.resolve(IndexPage.FILE)).contains("1 run,"));
	}

	@Test
	void refusesAFolderThatIsNotThereAndAMissingOne() {
		Path missing = this.temp.resolve("nowhere");

		assertEquals(CommandLines.REFUSED, CommandLines.execute(new IndexCommand(), missing.toString()));
		assertFalse(Files.exists(missing));
		assertEquals(CommandLines.REFUSED, CommandLines.execute(new IndexCommand()));
	}

}
