package org.redisbench.roundtrip;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Quantities;
import org.redisbench.processes.LatencyProxyProcess;
import org.redisbench.processes.Program;
import org.redisbench.processes.RedisServer;
import org.redisbench.proxy.LatencyProxyCommand;
import org.redisbench.proxy.LoadAverage;
import org.redisbench.tooloutput.RedisInfo;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import redis.clients.jedis.Jedis;

/**
 * {@code roundtrip-experiment} ({@code scripts/roundtrip-experiment.sh}): the published single-threaded experiment
 * in one command. N SETs, then N GETs, then N DELs with plain Jedis on one connection, one by one and pipelined
 * ({@link RoundTripExperiment}, a process of its own), against a redis-server of its own, directly (loopback) and
 * through the latency proxy at each emulated round trip; a table beside the published one in roundtrip.md, the raw
 * figures in raw/.
 */
@Command(name = "roundtrip-experiment", mixinStandardHelpOptions = true, sortOptions = false,
		usageHelpAutoWidth = true,
		description = { "The published single-threaded experiment: N SET, GET, DEL with plain Jedis on one connection, "
				+ "one by one and pipelined, on a private redis-server, directly and through the latency proxy at "
				+ "each round trip (docs/distance.md, \"The published round-trip experiment\"). Environment variable "
				+ "in brackets, its value after it.",
				"One by one, N = 1,000,000 takes about 3 x N x (RTT + 30 µs): some 25 minutes at 0.45ms." })
public final class RoundTripCommand implements Callable<Integer> {

	/** The published figures: 1,000,000 of each over a LAN, seconds one by one and pipelined. */
	private static final String PUBLISHED = """
			## Published: 1,000,000 of each over a LAN

			| op | one by one | pipelined | pipelining speedup |
			|---|---|---|---|
			| SET | 452.7 s | 6.15 s | 73.6× |
			| GET | | | 144× |
			| DEL | | | 98× |

			On one machine, over loopback, the published pipelining speedup was about 3.4×.
			""";

	static final class Size {

		@Option(names = { "-n", "--requests" }, paramLabel = "N", defaultValue = "${ROUNDTRIP_REQUESTS:-1000000}",
				description = "commands of each kind; 1,000,000 as published [ROUNDTRIP_REQUESTS=${DEFAULT-VALUE}]")
		int requests = 1_000_000;

	}

	static final class Network {

		@Option(names = "--rtt", paramLabel = "LIST", defaultValue = "${ROUNDTRIP_RTTS:-0,0ms,0.45ms}",
				description = "round trips, comma-separated; 0 is loopback, without a proxy; 0ms is the proxy adding "
						+ "nothing (its own hop, which the report then also subtracts); the published LAN is about "
						+ "0.45ms [ROUNDTRIP_RTTS=${DEFAULT-VALUE}]")
		String rtts = "0,0ms,0.45ms";

		@Option(names = "--proxy-args", paramLabel = "ARGS", defaultValue = "${ROUNDTRIP_PROXY_ARGS:-}",
				description = "more proxy options, e.g. \"--jitter 0.05ms\" or \"--rate 1gbit\" "
						+ "[ROUNDTRIP_PROXY_ARGS=${DEFAULT-VALUE}]")
		String proxyArgs = "";

	}

	static final class Run {

		@Option(names = { "-o", "--output" }, paramLabel = "DIR", defaultValue = "${ROUNDTRIP_OUTPUT:-}",
				description = "where roundtrip.md and raw/ go [ROUNDTRIP_OUTPUT, else results/<timestamp>]")
		String output = "";

		@Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "${ROUNDTRIP_TIMEOUT:-14400}",
				description = "seconds per round trip [ROUNDTRIP_TIMEOUT=${DEFAULT-VALUE}]")
		long timeout = 14_400;

		@Option(names = "--java-opts", paramLabel = "OPTS", defaultValue = "${ROUNDTRIP_JAVA_OPTS:--Xmx1g}",
				description = "the Jedis client's JVM; 1 M pipelined replies need ~200 MB "
						+ "[ROUNDTRIP_JAVA_OPTS=${DEFAULT-VALUE}]")
		String javaOpts = "-Xmx1g";

	}

	@ArgGroup(validate = false, heading = "Size:%n", order = 1)
	Size size = new Size();

	@ArgGroup(validate = false, heading = "Network:%n", order = 2)
	Network network = new Network();

	@ArgGroup(validate = false, heading = "Run:%n", order = 3)
	Run run = new Run();

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n", order = 4)
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	private Path log;

	@Override
	public Integer call() throws IOException {
		if (this.size.requests < 1 || this.run.timeout < 1) {
			throw new Refusal("--requests and --timeout must be at least 1");
		}
		List<String> rtts = new ArrayList<>();
		for (String rtt : this.network.rtts.split("[, ]+")) {
			try {
				Quantities.parseNanos(rtt);
			}
			catch (IllegalArgumentException ex) {
				throw new Refusal("--rtt: '" + rtt + "' is not a duration such as 0.45ms");
			}
			rtts.add(rtt);
		}
		Path out = this.run.output.isEmpty()
				? Path.of("results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
				: Path.of(this.run.output);
		Path raw = out.resolve("raw");
		if (Files.exists(raw)) {
			throw new Failure(out + " already holds a run; name another output folder");
		}
		Files.createDirectories(raw);
		this.log = raw.resolve("roundtrip-experiment.log");
		String version;
		try (RedisServer redis = new RedisServer()) {
			redis.start();
			say("private redis-server on 127.0.0.1:" + redis.port() + " (pid " + redis.pid() + ")");
			try (Jedis jedis = redis.client()) {
				version = RedisInfo.text(jedis.info("server"), "redis_version");
			}
			try {
				for (String rtt : rtts) {
					runAt(redis, rtt, raw);
				}
			}
			finally {
				redis.stop();
				Files.copy(redis.log(), raw.resolve("redis-server.log"));
			}
		}
		catch (IllegalStateException ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		List<RoundTripReport.Run> runs = new ArrayList<>();
		for (String rtt : rtts) {
			runs.add(RoundTripReport.Run.read(rtt, raw.resolve("roundtrip-rtt-" + rtt + ".tsv")));
		}
		List<String> report = new ArrayList<>();
		report.add("# Round trips: the published single-threaded experiment");
		report.add("");
		report.add(this.size.requests + " SET, then GET, then DEL with plain Jedis on one connection, one by one (a "
				+ "round trip");
		report.add("each) and pipelined (all sent, then one sync), against redis-server " + version);
		report.add("on 127.0.0.1; " + System.getProperty("java.vm.name") + " " + Runtime.version() + "; "
				+ Runtime.getRuntime().availableProcessors() + " cores; load average " + LoadAverage.now()
				+ " at the end.");
		report.add("Round trip 0 is loopback; any other adds the latency proxy, half the round trip each way.");
		report.add("");
		report.addAll(PUBLISHED.lines().toList());
		report.add("");
		report.addAll(RoundTripReport.report(runs));
		Path markdown = out.resolve("roundtrip.md");
		Files.write(markdown, report);
		PrintWriter stdout = this.spec.commandLine().getOut();
		report.forEach(stdout::println);
		stdout.flush();
		say("report: " + markdown);
		return CommandLines.OK;
	}

	/** The commands at one round trip, through a proxy but at 0, into raw/roundtrip-rtt-RTT.tsv. */
	private void runAt(RedisServer redis, String rtt, Path raw) throws IOException {
		LatencyProxyProcess proxy = null;
		int port = redis.port();
		if (!rtt.equals("0")) {
			List<String> more = List.of(this.network.proxyArgs.strip().split("\\s+")).stream()
				.filter((word) -> !word.isEmpty())
				.toList();
			proxy = LatencyProxyProcess.Launch.classes(LatencyProxyCommand.class)
				.with(more)
				.start("127.0.0.1:" + redis.port(), rtt, raw.resolve("proxy-rtt-" + rtt + ".log"));
			port = proxy.port();
			say("RTT " + rtt + ": latency proxy (pid " + proxy.pid() + ") " + proxy.firstLine());
		}
		else {
			say("RTT 0: loopback, no proxy");
		}
		try {
			Path tsv = raw.resolve("roundtrip-rtt-" + rtt + ".tsv");
			Path err = raw.resolve("roundtrip-rtt-" + rtt + ".err");
			List<String> command = new ArrayList<>();
			command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
			command.addAll(List.of(this.run.javaOpts.strip().split("\\s+")).stream()
				.filter((word) -> !word.isEmpty())
				.toList());
			command.addAll(List.of("-cp", System.getProperty("java.class.path"), RoundTripExperiment.class.getName(),
					"--port", String.valueOf(port), "--requests", String.valueOf(this.size.requests)));
			Program.Ended client = Program.runInto(command, Duration.ofSeconds(this.run.timeout), Map.of(), "", tsv,
					false);
			Files.writeString(err, client.errors());
			if (!client.succeeded()) {
				List<String> lines = client.errors().lines().toList();
				throw new Failure("the commands at RTT " + rtt + " failed (exit " + client.status() + "): "
						+ String.join(" ", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
			}
			for (String line : Files.readAllLines(tsv)) {
				String[] fields = line.split("\t");
				say(String.format(Locale.ROOT, "  RTT %s: %s %s %.3f s", rtt, fields[0], fields[1],
						Double.parseDouble(fields[3])));
			}
		}
		finally {
			if (proxy != null && proxy.stop()) {
				say("the proxy (pid " + proxy.pid() + ") needed a SIGKILL");
			}
		}
		try (Jedis jedis = redis.client()) {
			if (jedis.dbSize() != 0) {
				throw new Failure("keys left after the DELs at RTT " + rtt);
			}
		}
	}

	/** A line on standard error, and in raw/'s log. */
	private void say(String message) throws IOException {
		String line = this.spec.qualifiedName(" ") + ": " + message;
		this.spec.commandLine().getErr().println(line);
		this.spec.commandLine().getErr().flush();
		Files.writeString(this.log, line + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
	}

}
