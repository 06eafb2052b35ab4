package org.redisbench.bench.openloop;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;
import org.redisbench.processes.Waits;
import org.redisbench.runresults.KeyValues;
import org.redisbench.tooloutput.ProcScheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 54's experiments on the knee as settings of a whole run at smoke size: Redis pinned to CPU 0, the app and the
 * generator to CPU 1 (--cpu-placement), the generator under nice 5 (--generator-nice), the ids wrapping over 1..1000
 * (--step-keys). While the run is up, every
 * thread of its Redis and of its app runs only where it was pinned, as the kernel says in /proc/PID/task/TID/status;
 * the step records what the kernel allowed each process, the generator's nice value as the generator read it of
 * itself, each process's run-queue wait, the app's GC pauses and Redis's latency events, and what its slowest 1%
 * coincided with against all its requests (written a line each beside it); settings.env and the report show the
 * settings.
 */
@Tag("end-to-end")
class KneeRunTest {

	private static final String VARIANT = "string-per-key-none-single";

	private static final Pattern REDIS_PID = Pattern.compile("private redis-server on \\S+ \\(pid ([0-9]+),");

	private static final Pattern APP_PID = Pattern.compile("string app UP at \\S+ \\(pid ([0-9]+)\\)");

	@TempDir
	Path folder;

	@Test
	void theStoreTheAppAndTheGeneratorRunWhereTheyArePinnedAndTheGeneratorUnderItsNice() throws Exception {
		assumeTrue(ProcScheduling.cpusAllowed(ProcessHandle.current().pid()).orElse("0").matches("0-[1-9][0-9]*"),
				"CPUs 0 and 1 both allowed here: one CPU cannot tell a pinned process from another");
		BenchProcess bench = BenchProcess.logTo(this.folder.resolve("bench.out")).with("BENCH_STEP_LEAD_IN", "1");
		Path out = this.folder.resolve("run");
		// -c 2: an app confined to one CPU of a machine that other work loads answers 5 concurrent /add past its
		// 5 s deadline at times (a 503, an invalid run), which says nothing of the pinning
		Process run = bench.start("--no-profile", "-n", "200", "-c", "2", "-w", "100", "-r", "1", "--apps", "string",
				"--modes", "per-key", "--redis-bench-requests", "1000", "--rates", "20", "--step-seconds", "2",
				"--cpu-placement", "redis=0,app=1,generator=1", "--generator-nice", "5", "--step-keys", "1000", "-o",
				out.toString());
		Map<String, List<String>> live = new HashMap<>();
		long deadline = System.nanoTime() + BenchProcess.TIMEOUT.toNanos();
		while (run.isAlive() && System.nanoTime() < deadline) {
			String said = bench.output();
			pid(REDIS_PID, said).ifPresent((pid) -> live.computeIfAbsent("redis", (name) -> threadCpus(pid)));
			pid(APP_PID, said).ifPresent((pid) -> live.computeIfAbsent("app", (name) -> threadCpus(pid)));
			live.values().removeIf(List::isEmpty);
			Waits.sleep(50);
		}
		assertThat(run.waitFor(BenchProcess.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).as("the run ended").isTrue();
		assertThat(run.exitValue()).as(bench.output()).isZero();
		assertThat(live.get("redis")).as("every thread of the running redis-server, as /proc says").isNotEmpty()
			.containsOnly("0");
		assertThat(live.get("app")).as("every thread of the running app, as /proc says").hasSizeGreaterThan(10)
			.containsOnly("1");

		Path step = out.resolve("raw/" + VARIANT + "/rep1/open-loop/rates-01-r20.env");
		Map<String, String> figures = KeyValues.parse(Files.readString(step)).asMap();
		assertThat(figures).as("what the kernel allowed each process at the step's start")
			.containsEntry("cpus_allowed_redis", "0")
			.containsEntry("cpus_allowed_app", "1")
			.containsEntry("cpus_allowed_generator", "1");
		long ownNice = ProcScheduling.nice(ProcessHandle.current().pid()).orElseThrow();
		assertThat(figures).as("nice adds 5 to the run's own nice value, as the generator read it of itself")
			.containsEntry("generator_nice", String.valueOf(Math.min(19, ownNice + 5)));
		assertThat(figures).as("bench's lines: the app's GC pauses over the step, Redis's latency monitor's events")
			.hasEntrySatisfying("app_gc_pauses", (pauses) -> assertThat(pauses).matches("[0-9]+"))
			.hasEntrySatisfying("app_gc_pause_ms", (ms) -> assertThat(ms).matches("[0-9]+\\.[0-9]{3}"))
			.containsEntry("redis_latency_threshold_ms", "1")
			.hasEntrySatisfying("redis_latency_max_ms", (ms) -> assertThat(ms).matches("[0-9]+"));
		for (String process : List.of("app", "redis", "bench", "generator")) {
			assertThat(figures.get("runqueue_ms_per_s_" + process))
				.as("the %s's threads' run-queue wait, ms a second of the step", process)
				.matches("[0-9]+\\.[0-9]+");
		}

		assertThat(Long.parseLong(figures.get("slowest_requests"))).as("the slowest 1% of the step's requests")
			.isPositive();
		for (String cause : List.of("app_safepoint", "redis_latency_event", "generator_late")) {
			for (String among : List.of("slowest", "all")) {
				assertThat(Double.parseDouble(figures.get(among + "_percent_" + cause)))
					.as("the share of %s requests that coincided with %s", among, cause).isBetween(0.0, 100.0);
			}
		}
		assertThat(figures).as("the app's run-queue wait over the ticks the slowest requests spanned")
			.hasEntrySatisfying("slowest_runqueue_ms_per_s_app", (ms) -> assertThat(ms).matches("[0-9]+\\.[0-9]+"));
		List<String> requests = Files.readAllLines(Path.of(step + ".requests"));
		assertThat(requests).as("a line a request sent, under a header").hasSize(
				Integer.parseInt(figures.get("sent")) + 1);
		assertThat(Files.readAllLines(Path.of(step + ".runqueue"))).as("the run queue every 100 ms of a 3 s step")
			.hasSizeGreaterThan(10);
		assertThat(out.resolve("raw/" + VARIANT + "/rep1/app-safepoints.log")).as("the app's safepoints, logged")
			.isNotEmptyFile();

		assertThat(Files.readString(out.resolve("raw/" + VARIANT + "/rep1/add.after.dbsize.txt")).strip())
			.as("ab's /add wrote 200 requests of 100 persons over ids wrapping at 1000: 1000 keys, and a valid run")
			.isEqualTo("1000");

		String settings = Files.readString(out.resolve("raw/env/settings.env"));
		assertThat(settings.lines()).contains("cpu_placement=redis=0,app=1,generator=1", "generator_nice=5",
				"step_keys=1000");
		String report = Files.readString(out.resolve("report.md"));
		assertThat(report).contains("| CPU placement | `redis=0,app=1,generator=1` (taskset -c, every thread;")
			.contains("| open-loop generator | `nice -n 5` ")
			.contains("| open-loop keyspace | the apps' ids wrap over 1..1000 in every phase")
			.contains("run-queue ms a second: app · redis · bench · generator | slowest 1% / all, %: app_safepoint · "
					+ "redis_latency_event · generator_late |");
	}

	private static OptionalLong pid(Pattern pattern, String said) {
		Matcher matcher = pattern.matcher(said);
		return matcher.find() ? OptionalLong.of(Long.parseLong(matcher.group(1))) : OptionalLong.empty();
	}

	/** Each thread's Cpus_allowed_list, from /proc/PID/task/TID/status; none once the process is gone. */
	private static List<String> threadCpus(long pid) {
		List<String> cpus = new ArrayList<>();
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
			for (Path task : tasks) {
				try {
					ProcScheduling.cpusAllowed(Files.readString(task.resolve("status"))).ifPresent(cpus::add);
				}
				catch (IOException ex) {
					// the thread ended between the listing and the read
				}
			}
		}
		catch (IOException ex) {
			return List.of();
		}
		return cpus;
	}

}
