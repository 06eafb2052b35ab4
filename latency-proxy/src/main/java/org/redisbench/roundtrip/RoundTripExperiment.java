package org.redisbench.roundtrip;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Spread;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/**
 * The published single-threaded experiment: N {@code SET}s, then N {@code GET}s, then N {@code DEL}s with
 * plain Jedis on one connection, first one by one (a round trip each), then pipelined (all N sent, then one
 * sync). Every reply is checked, so a figure is never for commands that failed.
 * <p>
 * Prints one line per measured phase, {@code op<TAB>mode<TAB>requests<TAB>seconds<TAB>median}, for
 * {@link RoundTripCommand} to put into its table. The median is of the single commands'
 * round trips in µs (one by one only; {@code -} when pipelined): on a loaded machine a few commands that wait
 * for a CPU for milliseconds move the mean, not the median.
 */
public final class RoundTripExperiment {

	/** Untimed commands of each kind first, so that the timed ones do not include the JIT's compiling. */
	private static final int WARM_UP = 5_000;

	private final Jedis jedis;

	private RoundTripExperiment(Jedis jedis) {
		this.jedis = jedis;
	}

	/**
	 * The experiment's client, a process of its own (so that its JVM's options and CPU are its own):
	 * {@code java -cp JAR org.redisbench.roundtrip.RoundTripExperiment --port P --requests N}.
	 */
	@CommandLine.Command(name = "roundtrip-client", mixinStandardHelpOptions = true,
			description = "N SET, GET, DEL one by one and pipelined on one connection; a line a phase.")
	static final class Client implements Callable<Integer> {

		@Option(names = "--host", defaultValue = "127.0.0.1")
		String host;

		@Option(names = "--port", required = true)
		int port;

		@Option(names = "--requests", defaultValue = "1000000")
		int requests;

		@Override
		public Integer call() {
			if (this.requests < 1) {
				throw new Refusal("--requests must be at least 1, was " + this.requests);
			}
			try (Jedis jedis = new Jedis(this.host, this.port, 60_000)) {
				RoundTripExperiment experiment = new RoundTripExperiment(jedis);
				experiment.runAll("warm", Math.min(WARM_UP, this.requests), false);
				experiment.runAll("key", this.requests, true);
			}
			return CommandLines.OK;
		}

	}

	public static void main(String[] arguments) {
		CommandLines.main(new Client(), arguments);
	}

	private void runAll(String prefix, int requests, boolean report) {
		for (Mode mode : Mode.values()) {
			for (Operation operation : Operation.values()) {
				long[] roundTrips = new long[requests];
				long start = System.nanoTime();
				mode.run(this.jedis, operation, prefix, roundTrips);
				double seconds = (System.nanoTime() - start) / 1e9;
				if (report) {
					System.out.printf("%s\t%s\t%d\t%.6f\t%s%n", operation, mode.label, requests, seconds,
							(mode == Mode.ONE_BY_ONE) ? String.format("%.2f", medianMicros(roundTrips)) : "-");
					System.out.flush();
				}
			}
		}
	}

	private static double medianMicros(long[] nanos) {
		return Spread.of(Arrays.stream(nanos).asDoubleStream().toArray()).median() / 1e3;
	}

	/** One by one, or pipelined. */
	private enum Mode {

		ONE_BY_ONE("one-by-one") {
			@Override
			void run(Jedis jedis, Operation operation, String prefix, long[] roundTrips) {
				for (int i = 0; i < roundTrips.length; i++) {
					long start = System.nanoTime();
					Object reply = operation.oneByOne.apply(new Command(jedis, null, prefix, i));
					roundTrips[i] = System.nanoTime() - start;
					operation.check(i, reply);
				}
			}
		},

		PIPELINED("pipelined") {
			@Override
			void run(Jedis jedis, Operation operation, String prefix, long[] roundTrips) {
				int requests = roundTrips.length;
				List<Response<?>> responses = new ArrayList<>(requests);
				try (Pipeline pipeline = jedis.pipelined()) {
					for (int i = 0; i < requests; i++) {
						responses.add(operation.queued.apply(new Command(null, pipeline, prefix, i)));
					}
					pipeline.sync();
				}
				for (int i = 0; i < requests; i++) {
					operation.check(i, responses.get(i).get());
				}
			}
		};

		private final String label;

		Mode(String label) {
			this.label = label;
		}

		/** Runs one command per element of {@code roundTrips}, which receives their round trips if timed alone. */
		abstract void run(Jedis jedis, Operation operation, String prefix, long[] roundTrips);

	}

	/** A command's target, and the key and value of its index. */
	private record Command(Jedis jedis, Pipeline pipeline, String prefix, int index) {

		String key() {
			return this.prefix + ":" + this.index;
		}

		String value() {
			return valueOf(this.index);
		}

		static String valueOf(int index) {
			return "value:" + index;
		}

	}

	/** The three commands, each sent alone or queued on a pipeline, with the reply each must get. */
	private enum Operation {

		SET((c) -> c.jedis().set(c.key(), c.value()), (c) -> c.pipeline().set(c.key(), c.value())) {
			@Override
			Object expected(int index) {
				return "OK";
			}
		},

		GET((c) -> c.jedis().get(c.key()), (c) -> c.pipeline().get(c.key())) {
			@Override
			Object expected(int index) {
				return Command.valueOf(index);
			}
		},

		DEL((c) -> c.jedis().del(c.key()), (c) -> c.pipeline().del(c.key())) {
			@Override
			Object expected(int index) {
				return 1L;
			}
		};

		private final Function<Command, Object> oneByOne;

		private final Function<Command, Response<?>> queued;

		Operation(Function<Command, Object> oneByOne, Function<Command, Response<?>> queued) {
			this.oneByOne = oneByOne;
			this.queued = queued;
		}

		abstract Object expected(int index);

		void check(int index, Object reply) {
			if (!Objects.equals(expected(index), reply)) {
				throw new IllegalStateException(this + " #" + index + " answered " + reply + ", expected "
						+ expected(index));
			}
		}

	}

}
