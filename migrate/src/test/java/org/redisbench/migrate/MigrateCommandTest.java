package org.redisbench.migrate;

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

/** The migrator's command line: what migrate.sh's parsing held, and the way the other tests run the migrator. */
class MigrateCommandTest {

	@TempDir
	Path folder;

	/** Runs the migrator as {@code redis-bench migrate} would, a refusal thrown rather than said. */
	static void run(String mode, String verify, String... args) throws InterruptedException {
		List<String> all = new ArrayList<>(List.of(args));
		if (!mode.equals("dry-run")) {
			all.add("--" + mode);
		}
		if (verify.equals("yes")) {
			all.add("--verify");
		}
		Migrator.run(options(all.toArray(String[]::new)));
	}

	static MigrateOptions options(String... args) {
		MigrateCommand command = new MigrateCommand();
		CommandLines.of(command).parseArgs(args);
		return command.options();
	}

	private final StringWriter err = new StringWriter();

	private int exit(String... args) {
		return execute(this.err, args);
	}

	/** Runs the migrator as {@code redis-bench migrate} does: its exit status, a refusal's line in {@code err}. */
	static int execute(StringWriter err, String... args) {
		CommandLine line = CommandLines.of(new MigrateCommand());
		line.setErr(new PrintWriter(err, true));
		line.setOut(new PrintWriter(new StringWriter(), true));
		return line.execute(args);
	}

	@Test
	void aMisspeltOptionExitsTwoNamingTheClosest() {
		assertThat(exit("--frm", "jdk")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("'--frm'").contains("did you mean --from?");
	}

	@Test
	void whatIsMissingIsRefusedBeforeTheSourceIsTouched() {
		assertThat(exit("--match", "x", "--from", "jdk", "--to", "kryo")).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("give --uri");
		assertThat(exit("--uri", "http://x", "--match", "x", "--from", "jdk", "--to", "kryo")).isEqualTo(2);
		assertThat(exit("--uri", "redis://127.0.0.1:1", "--from", "jdk", "--to", "kryo")).isEqualTo(2);
		assertThat(exit("--uri", "redis://127.0.0.1:1", "--match", "x", "--from", "jdk")).isEqualTo(2);
		assertThat(this.err.toString()).contains("give --match").contains("give --from and --to");
	}

	@Test
	void badValuesAreRefusedNamingTheOption() {
		String[] base = { "--uri", "redis://127.0.0.1:1", "--match", "x", "--from", "jdk", "--to", "kryo", "--output",
				this.folder.resolve("out").toString() };
		for (List<String> bad : List.of(List.of("--rate", "0"), List.of("--batch", "0"), List.of("--sample", "1"),
				List.of("--max-value-bytes", "131073"), List.of("--max-p99", "ten"), List.of("--rate", "x"),
				List.of("--classpath", "app.jar"), List.of("--cacert", "/nonexistent"), List.of("--jvm-args", "-Xmx1g"))) {
			List<String> args = new ArrayList<>(List.of(base));
			args.addAll(bad);
			assertThat(exit(args.toArray(String[]::new))).as(bad.toString()).isEqualTo(2);
		}
		assertThat(this.err.toString().lines()).hasSize(9).allMatch((line) -> line.startsWith("migrate: "));
		assertThat(this.folder.resolve("out")).doesNotExist();
	}

	@Test
	void theModeIsWriteVerifyOrADryRun() {
		String[] base = { "--uri", "redis://127.0.0.1:1", "--match", "x", "--from", "jdk", "--to", "kryo" };
		assertThat(mode(base)).isEqualTo(MigrateOptions.Mode.DRY_RUN);
		assertThat(mode(base, "--verify")).isEqualTo(MigrateOptions.Mode.VERIFY_ONLY);
		assertThat(mode(base, "--write")).isEqualTo(MigrateOptions.Mode.WRITE);
	}

	private MigrateOptions.Mode mode(String[] base, String... more) {
		List<String> args = new ArrayList<>(List.of(base));
		args.addAll(List.of(more));
		args.addAll(List.of("--output", this.folder.resolve("out-" + more.length + String.join("", more)).toString()));
		return options(args.toArray(String[]::new)).mode();
	}

}
