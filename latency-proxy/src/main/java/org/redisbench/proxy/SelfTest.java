package org.redisbench.proxy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.redisbench.commandline.Failure;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Quantities;
import org.redisbench.processes.LatencyProxyProcess;
import org.redisbench.processes.Program;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.RedisBenchmarkOutput;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code latency-proxy --self-test}: the proxy measured against a redis-server of its own with redis-benchmark. The
 * requests/s direct and through a proxy at no delay, in turns, at pipelining depths 1 and 16; then, at each round
 * trip asked, the median PING through a proxy less the same directly. Prints the figures ({@link SelfTestTable});
 * only a failure to run is an error. With {@code --pin}, redis-server and redis-benchmark run on CPU 0 and the
 * proxies on CPU 1.
 */
final class SelfTest {

	/** At no delay the proxy should carry at least this share of a direct connection's requests per second. */
	private static final int THROUGHPUT_TARGET_PERCENT = 80;

	private static final Duration BENCHMARK = Duration.ofMinutes(10);

	static final class Options {

		@Option(names = "--self-test", description = "measure the proxy, as below, instead of running one")
		boolean run;

		@Option(names = { "-n", "--requests" }, paramLabel = "N", defaultValue = "${SELF_TEST_REQUESTS:-200000}",
				description = "redis-benchmark requests per throughput run [SELF_TEST_REQUESTS=${DEFAULT-VALUE}]")
		int requests = 200_000;

		@Option(names = "--rounds", paramLabel = "K", defaultValue = "${SELF_TEST_ROUNDS:-3}",
				description = "direct and proxied runs, in turns [SELF_TEST_ROUNDS=${DEFAULT-VALUE}]")
		int rounds = 3;

		@Option(names = "--clients", paramLabel = "N", defaultValue = "${SELF_TEST_CLIENTS:-50}",
				description = "redis-benchmark connections per throughput run [SELF_TEST_CLIENTS=${DEFAULT-VALUE}]")
		int clients = 50;

		@Option(names = "--rtts", paramLabel = "LIST", defaultValue = "${SELF_TEST_RTTS:-0.2ms,0.45ms,2ms,10ms}",
				description = "round trips measured, comma-separated [SELF_TEST_RTTS=${DEFAULT-VALUE}]")
		String rtts = "0.2ms,0.45ms,2ms,10ms";

		@Option(names = "--pings", paramLabel = "N", defaultValue = "${SELF_TEST_PINGS:-2000}",
				description = "PINGs per round-trip measurement, on one connection [SELF_TEST_PINGS=${DEFAULT-VALUE}]")
		int pings = 2000;

		@Option(names = "--pin", arity = "0", defaultValue = "${SELF_TEST_PIN:-no}", converter = YesNo.class,
				description = "redis-server and redis-benchmark on CPU 0, the proxy on CPU 1 (taskset), in the direct "
						+ "runs as in the proxied: what the proxy carries with a core of its own, where unpinned it "
						+ "shares the cores with both [SELF_TEST_PIN=${DEFAULT-VALUE}]")
		boolean pin;

	}

	/** yes or no, as the environment says it; true or false, as picocli says a flag given. */
	static final class YesNo implements ITypeConverter<Boolean> {

		@Override
		public Boolean convert(String value) {
			return switch (value) {
				case "yes", "true" -> true;
				case "no", "false" -> false;
				default -> throw new IllegalArgumentException("yes or no, was '" + value + "'");
			};
		}

	}

	private final Options options;

	private final String name;

	private final PrintWriter out;

	private final PrintWriter err;

	private Path work;

	SelfTest(Options options, CommandSpec spec) {
		this.options = options;
		this.name = spec.qualifiedName(" ");
		this.out = spec.commandLine().getOut();
		this.err = spec.commandLine().getErr();
	}

	void run() throws IOException {
		List<String> rtts = rtts();
		for (int count : new int[] { this.options.requests, this.options.rounds, this.options.clients,
				this.options.pings }) {
			if (count < 1) {
				throw new Refusal("--requests, --rounds, --clients and --pings must be at least 1, one was " + count);
			}
		}
		if (this.options.pin && Runtime.getRuntime().availableProcessors() < 2) {
			throw new Refusal("--pin needs two CPUs, this machine has " + Runtime.getRuntime().availableProcessors());
		}
		this.work = Files.createTempDirectory("latency-proxy-self-test.");
		try (RedisServer redis = new RedisServer()) {
			redis.start();
			say("redis-server on 127.0.0.1:" + redis.port() + "; load average " + LoadAverage.now());
			if (this.options.pin) {
				pin(0, redis.pid(), "redis-server");
			}
			try (LatencyProxyProcess hop = proxy(redis, "0")) {
				throughput(redis.port(), hop.port());
			}
			roundTrips(redis, rtts);
			say("load average " + LoadAverage.now() + " at the end");
		}
		catch (IllegalStateException ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		finally {
			try (Stream<Path> files = Files.walk(this.work)) {
				files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach((file) -> file.toFile().delete());
			}
		}
	}

	private List<String> rtts() {
		List<String> rtts = new ArrayList<>();
		for (String rtt : this.options.rtts.split("[, ]+")) {
			long nanos;
			try {
				nanos = Quantities.parseNanos(rtt);
			}
			catch (IllegalArgumentException ex) {
				nanos = 0;
			}
			if (nanos <= 0) {
				throw new Refusal("SELF_TEST_RTTS: '" + rtt + "' is not a round trip above 0 such as 0.45ms");
			}
			rtts.add(rtt);
		}
		return rtts;
	}

	/** Requests/s direct and through the proxy at no delay, the rounds in turns, at depths 1 and 16. */
	private void throughput(int direct, int proxied) throws IOException {
		this.out.println("Throughput at no delay: redis-benchmark -c " + this.options.clients + " -n "
				+ this.options.requests + ", requests/s, " + this.options.rounds + " rounds in turns");
		if (this.options.pin) {
			this.out.println("pinned: redis-server and redis-benchmark on CPU 0, the proxy on CPU 1");
		}
		this.out.flush();
		List<SelfTestTable.Pipelining> depths = new ArrayList<>();
		for (int depth : new int[] { 1, 16 }) {
			Path directCsv = this.work.resolve("direct-P" + depth + ".csv");
			Path proxiedCsv = this.work.resolve("proxied-P" + depth + ".csv");
			List<String> load = List.of("-t", "set,get", "-c", String.valueOf(this.options.clients), "-n",
					String.valueOf(this.options.requests), "-P", String.valueOf(depth));
			for (int round = 1; round <= this.options.rounds; round++) {
				bench(directCsv, direct, load);
				bench(proxiedCsv, proxied, load);
			}
			depths.add(new SelfTestTable.Pipelining(depth, RedisBenchmarkOutput.read(directCsv), RedisBenchmarkOutput.read(proxiedCsv)));
		}
		SelfTestTable.throughput(THROUGHPUT_TARGET_PERCENT, depths).forEach(this.out::println);
		this.out.flush();
	}

	/** PINGs one at a time, direct and through a proxy at each round trip. */
	private void roundTrips(RedisServer redis, List<String> rtts) throws IOException {
		this.out.println();
		this.out.println("Round trip added: median PING (redis-benchmark -c 1 -n " + this.options.pings + "), ms");
		this.out.flush();
		List<SelfTestTable.RoundTrip> roundTrips = new ArrayList<>();
		List<String> pings = List.of("-t", "ping", "-c", "1", "-n", String.valueOf(this.options.pings));
		for (String rtt : rtts) {
			Path directCsv = this.work.resolve("ping-direct-" + rtt + ".csv");
			Path proxiedCsv = this.work.resolve("ping-proxied-" + rtt + ".csv");
			try (LatencyProxyProcess proxy = proxy(redis, rtt)) {
				bench(directCsv, redis.port(), pings);
				bench(proxiedCsv, proxy.port(), pings);
			}
			roundTrips.add(new SelfTestTable.RoundTrip(rtt, RedisBenchmarkOutput.read(directCsv), RedisBenchmarkOutput.read(proxiedCsv)));
		}
		SelfTestTable.roundTrips(roundTrips).forEach(this.out::println);
		this.out.flush();
	}

	private LatencyProxyProcess proxy(RedisServer redis, String rtt) {
		LatencyProxyProcess proxy = LatencyProxyProcess.Launch.classes(LatencyProxyCommand.class)
			.start("127.0.0.1:" + redis.port(), rtt, this.work.resolve("proxy-" + rtt + ".log"));
		if (this.options.pin) {
			pin(1, proxy.pid(), "proxy");
		}
		return proxy;
	}

	/** redis-benchmark --csv against the port, its CSV appended to the file (one or more runs a file). */
	private void bench(Path csv, int port, List<String> load) {
		List<String> command = new ArrayList<>();
		if (this.options.pin) {
			command.addAll(List.of("taskset", "-c", "0"));
		}
		command.addAll(List.of("redis-benchmark", "-h", "127.0.0.1", "-p", String.valueOf(port), "--csv"));
		command.addAll(load);
		Program.Ended benchmark = Program.run(command, BENCHMARK);
		if (!benchmark.succeeded()) {
			throw new Failure("redis-benchmark failed against port " + port + ": " + String.join(" ", load));
		}
		try {
			Files.writeString(csv, benchmark.output(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Every thread of the process on that CPU, read back into the log. */
	private void pin(int cpu, long pid, String what) {
		Path affinity = this.work.resolve("taskset-" + pid + ".out");
		Duration wait = Duration.ofSeconds(10);
		if (!Program.run(List.of("taskset", "-apc", String.valueOf(cpu), String.valueOf(pid)), wait).succeeded()
				|| !Program.runInto(List.of("taskset", "-pc", String.valueOf(pid)), wait, Map.of(), "", affinity, true)
					.succeeded()) {
			throw new Failure("taskset could not pin the " + what + " (Debian: util-linux)");
		}
		try {
			say(what + " (pid " + pid + ") pinned to CPU " + Files.readString(affinity).strip().replaceAll(".*: ", ""));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void say(String message) {
		this.err.println(this.name + ": " + message);
		this.err.flush();
	}

}
