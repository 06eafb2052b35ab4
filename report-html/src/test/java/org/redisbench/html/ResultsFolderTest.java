package org.redisbench.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every tool's run folder, and the index of the runs beside it, as each tool's end rewrites it. */
class ResultsFolderTest {

	@TempDir
	Path temp;

	@Test
	void theFolderGivenGetsRawAndIsNeverMadeOverAnotherRun() {
		Path made = ResultsFolder.create(this.temp.resolve("run").toString(), "compare-");

		assertEquals(this.temp.resolve("run"), made, "the folder given, not one named with the prefix");
		assertTrue(Files.isDirectory(made.resolve("raw")));
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
				() -> ResultsFolder.create(made.toString()));
		assertEquals(made + " already holds a run; name another output folder", refused.getMessage());
	}

	@Test
	void theIndexIsRewrittenOnlyWhereOneIsOutsideTheRepositorysResults() throws IOException {
		Path run = ResultsFolder.create(this.temp.resolve("run").toString());

		assertEquals(Optional.empty(), ResultsFolder.index(run));
		assertFalse(Files.exists(this.temp.resolve(IndexPage.FILE)), "no folder of the user's gets one unasked");

		Files.writeString(this.temp.resolve(IndexPage.FILE), "an index of before");
		assertEquals(Optional.of("wrote " + this.temp.resolve(IndexPage.FILE) + " (1 run)"), ResultsFolder.index(run));
		String page = Files.readString(this.temp.resolve(IndexPage.FILE));
		assertTrue(page.contains("data-run=\"run\""), page);
		assertTrue(page.contains("Runs in " + this.temp), page);
	}

}
