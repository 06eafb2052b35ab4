package org.redisbench.instrumentcost;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.redisbench.benchrun.CompilerThreads;
import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.Failure;
import org.redisbench.processes.AppProcess;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.ProcStat;

/**
 * The measured phases of a run, in alternating rounds: in each, per setting, a fresh app on the private Redis,
 * warmed up, then /noop and /add under each keep-alive setting, each once the app's JIT compiler is idle, each a
 * line of facts.txt in the work folder (with ab's output and the app's log beside it). The Redis is emptied after
 * each app.
 */
final class Measurement {

	static final String FACTS = "facts.txt";

	private static final List<String> PATHS = List.of("/noop", "/add");

	/** As scripts/lib/app.sh starts the apps: the bench's heap. */
	private static final List<String> HEAP = List.of("-Xms512m", "-Xmx512m");

	private final Load load;

	private final Path work;

	private final RedisServer redis;

	private final long clockTicks;

	private final CommandLog log;

	/**
	 * What every phase shares: the app and its mode, ab's requests, warm-up and concurrency, the keep-alive settings
	 * ({@code no}, {@code yes}), the rounds and the bounds of a phase and of the wait for an idle compiler.
	 */
	record Load(String app, Path jar, String mode, int requests, int warmup, int concurrency, int rounds,
			List<String> keepAlives, Duration phaseTimeout, Duration idleCompilerTimeout) {
	}

	/**
	 * @param clockTicks /proc's clock ticks a second ({@code getconf CLK_TCK}), written beside each phase's ticks
	 */
	Measurement(Load load, Path work, RedisServer redis, long clockTicks, CommandLog log) {
		this.load = load;
		this.work = work;
		this.redis = redis;
		this.clockTicks = clockTicks;
		this.log = log;
	}

	/** Every round of every setting, into facts.txt. */
	void run(List<ServerSetting> settings) throws IOException, InterruptedException {
		Files.writeString(this.work.resolve(FACTS), "");
		for (int round = 1; round <= this.load.rounds(); round++) {
			for (ServerSetting setting : settings) {
				setting(round, setting);
			}
		}
	}

	/** A fresh app under the setting, warmed up, then each phase; its log kept beside the facts. */
	private void setting(int round, ServerSetting setting) throws IOException, InterruptedException {
		List<String> arguments = new ArrayList<>(List.of("--spring.data.redis.host=127.0.0.1",
				"--spring.data.redis.port=" + this.redis.port(), "--bench.mode=" + this.load.mode()));
		arguments.addAll(setting.arguments());
		List<String> launch = new ArrayList<>(HEAP);
		launch.addAll(List.of("-jar", this.load.jar().toAbsolutePath().toString()));
		Path appLog = this.work.resolve("app-" + setting.fileName() + "-" + round + ".log");
		AppProcess app = new AppProcess(this.load.app() + "-app", setting.java().command(), launch, arguments,
				Map.of(), AppProcess.START_TIMEOUT);
		try {
			try {
				app.start();
			}
			catch (IllegalStateException ex) {
				throw new Failure("the " + this.load.app() + " app did not start; see " + appLog, ex);
			}
			warmUp(app);
			for (String keepAlive : this.load.keepAlives()) {
				for (String path : PATHS) {
					phase(round, setting, app, keepAlive, path);
				}
			}
		}
		finally {
			if (app.directory() != null && Files.exists(app.log())) {
				app.stop();
				Files.copy(app.log(), appLog, StandardCopyOption.REPLACE_EXISTING);
			}
			app.discard();
		}
		this.redis.flushAll();
	}

	/** One measured phase of the app, a line of facts. */
	private void phase(int round, ServerSetting setting, AppProcess app, String keepAlive, String path)
			throws IOException, InterruptedException {
		this.log.say("round " + round + "/" + this.load.rounds() + ": " + setting + ", keep-alive " + keepAlive + ", "
				+ path);
		if (!CompilerThreads.awaitIdle(app.pid(), this.load.idleCompilerTimeout()).idle()) {
			this.log.say("the JIT compiler was still busy after " + this.load.idleCompilerTimeout().toSeconds()
					+ "s; measuring anyway");
		}
		Path out = this.work.resolve(
				setting.fileName() + "-" + keepAlive + "-" + path.substring(1) + "-" + round + ".ab.txt");
		long before = ticks(app);
		ab(out, this.load.requests(), keepAlive.equals("yes"), app, path);
		long after = ticks(app);
		Long non2xx = AbOutput.parse(Files.readString(out)).non2xx();
		if (non2xx != null && non2xx > 0) {
			throw new Failure("non-2xx answers; see " + out);
		}
		// The line InstrumentCostTable reads: the setting, the ticks, CLK_TCK, the requests, ab's output.
		Files.writeString(this.work.resolve(FACTS), String.join(" ", setting.facts(), keepAlive, path.substring(1),
				Long.toString(before), Long.toString(after), Long.toString(this.clockTicks),
				Integer.toString(this.load.requests()), out.getFileName().toString()) + "\n", StandardOpenOption.APPEND);
	}

	/** The requests thrown away after the app starts, per path; how they went does not matter. */
	private void warmUp(AppProcess app) {
		if (this.load.warmup() == 0) {
			return;
		}
		for (String path : PATHS) {
			try {
				ChildProcess.run(this.work, command(this.load.warmup(), false, app, path, "-q"), Path.of("/dev/null"),
						this.load.phaseTimeout());
			}
			catch (IllegalStateException ex) {
				throw new Failure("the warm-up's ab did not finish within " + this.load.phaseTimeout().toSeconds()
						+ " s", ex);
			}
		}
	}

	/** One measured ab, its output in {@code out}. */
	private void ab(Path out, int requests, boolean keepAlive, AppProcess app, String path) throws IOException {
		Files.deleteIfExists(out);
		ChildProcess.Ran ab;
		try {
			ab = ChildProcess.run(this.work, command(requests, keepAlive, app, path), out, this.load.phaseTimeout());
		}
		catch (IllegalStateException ex) {
			throw new Failure("ab failed; see " + out, ex);
		}
		if (ab.exitValue() != 0) {
			throw new Failure("ab failed; see " + out);
		}
	}

	private List<String> command(int requests, boolean keepAlive, AppProcess app, String path, String... more) {
		List<String> command = new ArrayList<>(List.of("ab"));
		command.addAll(List.of(more));
		command.addAll(List.of("-n", Integer.toString(requests), "-c", Integer.toString(this.load.concurrency())));
		if (keepAlive) {
			command.add("-k");
		}
		command.add(app.url().resolve(path).toString());
		return command;
	}

	/** The app's CPU clock ticks so far, all threads. */
	private static long ticks(AppProcess app) {
		return ProcStat.read(app.pid()).orElseThrow(() -> new Failure("the app (pid " + app.pid() + ") is gone"))
			.cpuTicks();
	}

}
