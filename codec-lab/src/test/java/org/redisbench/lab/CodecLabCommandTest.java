package org.redisbench.lab;

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

/** The lab's command line: wrong settings are usage errors, exit 2 in one line, before anything is measured. */
class CodecLabCommandTest {

	@TempDir
	Path folder;

	@Test
	void wrongSettingsAreRefusedBeforeAnyStep() {
		StringWriter err = new StringWriter();
		List<List<String>> bad = List.of(List.of("--codecs", "fastjson2,nope"), List.of("--compression", "snappy"),
				List.of("--iterations", "0"), List.of("--iteration-time", "2"), List.of("--forks"),
				List.of("--persns", "5"));
		for (List<String> option : bad) {
			List<String> args = new ArrayList<>(List.of("--output", this.folder.resolve("out").toString()));
			args.addAll(option);
			CommandLine line = CommandLines.of(new CodecLabCommand());
			line.setErr(new PrintWriter(err, true));
			assertThat(line.execute(args.toArray(String[]::new))).as(option.toString()).isEqualTo(2);
		}
		assertThat(err.toString().lines()).hasSize(bad.size()).allMatch((line) -> line.startsWith("codec-lab: "));
		assertThat(err.toString()).contains("did you mean --persons?");
		assertThat(this.folder.resolve("out")).doesNotExist();
	}

}
