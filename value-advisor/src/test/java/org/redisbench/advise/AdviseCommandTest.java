package org.redisbench.advise;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/** The advisor's command line: every refusal one line, exit 2, before anything is read or any folder made. */
class AdviseCommandTest {

	@TempDir
	Path folder;

	private final StringWriter err = new StringWriter();

	private int exit(String... args) {
		CommandLine line = CommandLines.of(new AdviseCommand());
		line.setErr(new PrintWriter(this.err, true));
		line.setOut(new PrintWriter(new StringWriter(), true));
		return line.execute(args);
	}

	@Test
	void aMisspeltOptionExitsTwoNamingTheClosest() {
		assertThat(exit("--smaple", "10")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("'--smaple'").contains("did you mean --sample?");
	}

	@Test
	void oneSourceIsGiven() {
		assertThat(exit()).isEqualTo(2);
		assertThat(exit("--uri", "redis://127.0.0.1:1", "--file", "values.jsonl")).isEqualTo(2);
		assertThat(exit("--uri", "http://127.0.0.1:1")).isEqualTo(2);
		assertThat(this.err.toString()).contains("give --uri or --file (").contains("not both")
			.contains("starts redis:// or rediss://");
	}

	@Test
	void badValuesAreRefusedNamingTheOption() {
		List<List<String>> bad = List.of(List.of("--sample", "1"), List.of("--max-value-bytes", "131073"),
				List.of("--iterations", "0"), List.of("--warmup-time", "2"), List.of("--encodings", "as-is,nope"),
				List.of("--layouts", "hash-bucket,hash-bucket"), List.of("--compression", "snappy"),
				List.of("--objects", "kryo,nope"), List.of("--cacert", "/nonexistent"), List.of("--forks"),
				List.of("--sample", "ten"));
		for (List<String> option : bad) {
			List<String> args = new ArrayList<>(List.of("--file", "values.jsonl", "--output",
					this.folder.resolve("out").toString()));
			args.addAll(option);
			assertThat(exit(args.toArray(String[]::new))).as(option.toString()).isEqualTo(2);
		}
		assertThat(this.err.toString().lines()).hasSize(bad.size()).allMatch((line) -> line.startsWith("advise: "));
		assertThat(this.folder.resolve("out")).doesNotExist();
	}

	@Test
	void aFolderThatHoldsARunIsRefused() {
		Path out = this.folder.resolve("out");
		assertThat(exit("--file", "/nonexistent.jsonl", "--no-cpu", "--output", out.toString())).isEqualTo(2);
		assertThat(this.err.toString()).contains("no such file or folder");
		assertThat(exit("--file", "/nonexistent.jsonl", "--no-cpu", "--output", out.toString())).isEqualTo(2);
		assertThat(this.err.toString()).contains("already holds a run");
	}

}
