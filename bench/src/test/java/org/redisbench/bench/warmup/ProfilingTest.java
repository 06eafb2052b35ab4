package org.redisbench.bench.warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.RunLog;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.commandline.Failure;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.ProcStat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

@Tag("end-to-end")
class ProfilingTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	@TempDir
	Path folder;

	private final ByteArrayOutputStream log = new ByteArrayOutputStream();

	@Test
	void theBuildsFolderOfTheJvmsPlatform() {
		assertThat(AsyncProfiler.platform("Linux", "amd64")).contains("linux-x64");
		assertThat(AsyncProfiler.platform("Linux", "aarch64")).contains("linux-arm64");
		assertThat(AsyncProfiler.platform("Linux", "s390x")).isEmpty();
		assertThat(AsyncProfiler.platform("Mac OS X", "aarch64")).isEmpty();
	}

	@Test
	void theNewestLibraryOfThePlatformIsFoundUnderBenchRunsTarget() throws IOException {
		library("async-profiler-4.1/linux-x64");
		Path newest = library("async-profiler-4.2/linux-x64");
		library("async-profiler-4.3/linux-arm64");
		library("other-4.9/linux-x64");

		Profiling profiling = new Profiling(context(this.folder), "Linux", "amd64");

		assertThat(profiling.on()).isTrue();
		assertThat(profiling.version()).isEqualTo("4.2");
		assertThat(AsyncProfiler.find(this.folder, "linux-x64")).contains(newest);
		assertThat(AsyncProfiler.find(this.folder, "linux-arm64").map(Path::toString)).get().asString()
			.contains("async-profiler-4.3");
	}

	@Test
	void aMissingLibraryEndsTheRunUnlessProfilesAreOffOrThePlatformHasNone() throws IOException {
		library("async-profiler-4.2/linux-arm64");
		assertThatExceptionOfType(Failure.class).isThrownBy(() -> new Profiling(context(this.folder), "Linux", "amd64"))
			.withMessage("async-profiler's library is missing under bench-run/target/: build with ./mvnw -pl"
					+ " bench-run package");
		assertThat(log()).contains("error: async-profiler's library is missing");

		assertThat(new Profiling(context(this.folder), "Linux", "s390x").on()).isFalse();
		assertThat(log()).contains("] no async-profiler for Linux s390x: profiles skipped");
		assertThat(new Profiling(context(this.folder, "--no-profile"), "Linux", "amd64").on()).isFalse();
	}

	/** jcmd parses name=value pairs itself: the command goes in quotes, where BENCH_APP_EXEC places the app. */
	@Test
	void theProfilersCommandGoesToTheAppsJvmThroughJcmdWhereTheAppRuns() {
		AsyncProfiler profiler = new AsyncProfiler(
				new Placement(List.of(), List.of("ip", "netns", "exec", "rb-app"), List.of()), Path.of("/lib/p.so"));
		assertThat(profiler.command(4242, "start,event=cpu,interval=1ms")).containsExactly("ip", "netns", "exec",
				"rb-app", "timeout", "60", "jcmd", "4242", "JVMTI.agent_load", "/lib/p.so",
				"\"start,event=cpu,interval=1ms\"");
	}

	/** A real profile of the string app's /noop, with the library the bench-run build unpacked. */
	@Test
	void aPhaseRunsUnprofiledThenProfiledIntoTheVariantsProfiles() throws IOException {
		StringAppRun app = StringAppRun.start(REDIS.server());
		try {
			RunContext context = app.context(this.folder, SettingsForTests.of(Map.of("BENCH_PROFILE_REQUESTS",
					"300", "BENCH_PROFILE_PHASES", "noop", "BENCH_PROFILE_INTERVAL", "100us"), "-c", "5"));
			VariantRun run = app.variantRun(context);
			Profiling profiling = new Profiling(context);
			assertThat(profiling.on()).isTrue();

			profiling.profile(run, app.watched());

			Path profiles = context.out().resolve("profiles").resolve(StringAppRun.VARIANT);
			for (String prefix : List.of("noop.unprofiled", "noop")) {
				AbOutput ab = AbOutput.parse(Files.readString(profiles.resolve(prefix + ".ab.txt")));
				assertThat(ab.completeRequests()).as(prefix).isEqualTo(300);
				long before = ProcStat.parse(Files.readString(profiles.resolve(prefix + ".before.proc-stat.txt")))
					.cpuTicks();
				long after = ProcStat.parse(Files.readString(profiles.resolve(prefix + ".after.proc-stat.txt")))
					.cpuTicks();
				assertThat(after).as(prefix).isGreaterThan(before);
			}
			assertThat(Files.readString(profiles.resolve("noop.event"))).isIn("cpu\n", "itimer\n");
			assertThat(Files.readAllLines(profiles.resolve("noop.collapsed"))).as(app.log())
				.anyMatch((stack) -> stack.contains("DispatcherServlet.doDispatch") && stack.matches(".* \\d+"));
			assertThat(Files.readString(profiles.resolve("noop.html"))).contains("<html");
			assertThat(profiles.resolve("noop.unprofiled.event")).doesNotExist();
		}
		finally {
			app.stop();
		}
	}

	private Path library(String folder) throws IOException {
		Path library = this.folder.resolve("bench-run/target/lib").resolve(folder).resolve(AsyncProfiler.LIBRARY);
		Files.createDirectories(library.getParent());
		return Files.writeString(library, "");
	}

	private RunContext context(Path repository, String... args) {
		BenchSettings settings = SettingsForTests.of(Map.of(), args);
		return new RunContext(settings, Placement.of(settings),
				new RunLog(new PrintStream(this.log, true, StandardCharsets.UTF_8)), this.folder.resolve("out"),
				this.folder.resolve("out/raw"), repository, Optional.empty());
	}

	private String log() {
		return this.log.toString(StandardCharsets.UTF_8);
	}

}
