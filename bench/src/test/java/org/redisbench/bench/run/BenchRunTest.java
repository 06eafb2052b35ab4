package org.redisbench.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A whole run in a JVM of its own, as scripts/bench.sh starts it: one variant at the smallest size, its raw outputs,
 * its report, and the headline on standard output.
 */
@Tag("end-to-end")
class BenchRunTest {

	@TempDir
	Path folder;

	@Test
	void aRunWritesItsRawOutputsAndItsReport() throws Exception {
		BenchProcess bench = BenchProcess.logTo(this.folder.resolve("bench.out"));
		Path out = this.folder.resolve("run");
		int status = bench.run("-n", "200", "-c", "5", "--warmup", "0", "-r", "1", "--apps", "string", "--no-profile",
				"--redis-bench-requests", "1000", "--sample-interval", "0", "-o", out.toString());
		assertThat(status).as(bench.output()).isZero();
		Path rep = out.resolve("raw/string-per-key-none-single/rep1");
		assertThat(Files.readString(rep.resolve("add.ab.txt"))).contains("Complete requests:      200");
		assertThat(Files.readString(rep.resolve("add.after.dbsize.txt"))).isEqualTo("20000\n");
		assertThat(Files.readString(out.resolve("raw/env/settings.env"))).contains("variants=string-per-key-none-single\n");
		assertThat(out.resolve("report.md")).isNotEmptyFile();
		assertThat(bench.output()).contains("## Configurations compared");
	}

}
