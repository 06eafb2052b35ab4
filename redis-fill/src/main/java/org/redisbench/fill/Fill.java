package org.redisbench.fill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.redisbench.valueformat.Compressions;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.fill.BatchCommands.RedisCommand;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Loads persons {@code [first-id, first-id + persons)} as the apps' {@code /add} stores them (same codec
 * classes, same compression, same keys and layout), but pipelined by the thousand on several connections
 * at once, as Redis mass insertion is done; on a cluster each connection pipelines to every master, each
 * person to its slot's. Every reply is read and checked: it fails rather than report persons Redis did not
 * confirm, and at Redis's first out-of-memory reply it stops and counts exactly the persons confirmed.
 */
public final class Fill {

	/** Exit status of a fill that Redis's out-of-memory replies stopped: an error while running. */
	private static final int STOPPED = 1;

	/** Exit status of a fill refused before writing anything: a Redis not reached, or persons in the range. */
	private static final int REFUSED = 2;

	private final FillOptions options;

	private final Target target;

	Fill(FillOptions options, Target target) {
		this.options = options;
		this.target = target;
	}

	Target target() {
		return this.target;
	}

	/**
	 * What a fill stored: every person Redis confirmed, and Redis's out-of-memory reply if one stopped it
	 * (then some of the range is not there).
	 */
	record Outcome(long stored, String outOfMemory) {
	}

	public static void main(String[] args) throws Exception {
		if (args.length > 0 && args[0].equals("plan")) {
			plan(Arrays.copyOfRange(args, 1, args.length));
			return;
		}
		if (args.length > 0 && args[0].equals("memory")) {
			memory(Arrays.copyOfRange(args, 1, args.length));
			return;
		}
		if (args.length == 3 && args[0].equals("rate")) {
			try {
				System.out.println(rate(Long.parseLong(args[1]), Double.parseDouble(args[2])));
			}
			catch (IllegalArgumentException ex) {
				exit(REFUSED, "rate PERSONS SECONDS: " + ex.getMessage());
			}
			return;
		}
		FillOptions options = optionsOrRefuse(FillOptions::parse, args);
		if (options.respFile() != null) {
			long start = System.nanoTime();
			long written = RespFile.write(options, serializer(options), options.respFile());
			report("wrote ", options, written, (System.nanoTime() - start) / 1e9);
			return;
		}
		Fill fill = new Fill(options, reach(options));
		if (options.sample() > 0) {
			Sample.measure(fill, options);
			return;
		}
		if (!options.overwrite()) {
			Optional<String> occupied = RangeCheck.occupied(fill.target(), options);
			if (occupied.isPresent()) {
				exit(REFUSED, occupied.get() + ", in the range of ids " + options.firstId() + ".."
						+ (options.firstId() + options.persons() - 1)
						+ " to fill: nothing written (--overwrite writes over what is there)");
			}
		}
		FillCost.Reading start;
		try {
			start = FillCost.Reading.of(fill.target());
		}
		catch (JedisException ex) {
			exit(REFUSED, "cannot read INFO cpu of the target, what the fill's cost line needs: " + ex.getMessage());
			return;
		}
		Outcome outcome;
		try {
			outcome = fill.run();
		}
		catch (ExecutionException ex) {
			exit(1, "the fill failed: " + ex.getCause().getMessage());
			return;
		}
		if (outcome.outOfMemory() != null) {
			exit(STOPPED, "stopped at Redis's first out-of-memory reply: stored " + outcome.stored() + " of "
					+ options.persons() + " persons, every one Redis confirmed (" + outcome.outOfMemory() + ")");
		}
		FillCost cost = FillCost.between(start, FillCost.Reading.of(fill.target()));
		report("stored ", options, outcome.stored(), cost.seconds());
		System.out.println(cost.line());
	}

	/** {@code memory TARGET-OPTIONS}: what the target's nodes hold ({@link MemoryReport}). */
	private static void memory(String[] args) {
		FillOptions options = optionsOrRefuse(FillOptions::target, args);
		MemoryReport.lines(MemoryReport.read(reach(options))).forEach(System.out::println);
	}

	/** The options as {@code parser} reads them; a refusal prints its one line and the usage, and exits 2. */
	private static FillOptions optionsOrRefuse(Function<String[], FillOptions> parser, String[] args) {
		try {
			return parser.apply(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage() + "\n" + FillOptions.USAGE);
			System.exit(REFUSED);
			throw ex;
		}
	}

	private static void plan(String[] args) throws IOException {
		try {
			FillPlan.main(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage() + "\n" + PlanOptions.USAGE);
			System.exit(REFUSED);
		}
	}

	/** The target, every node of it answering as the options' user: refused in one line otherwise. */
	private static Target reach(FillOptions options) {
		String where = options.cluster().isEmpty() ? options.host() + ":" + options.port()
				: "cluster " + options.cluster();
		try {
			Target target = Target.of(options);
			for (int node = 0; node < target.nodes().size(); node++) {
				try (Jedis jedis = target.connect(node)) {
					jedis.ping();
				}
			}
			return target;
		}
		catch (JedisException | IllegalStateException ex) {
			exit(REFUSED, "cannot fill " + where + ": " + ex.getMessage());
			return null;
		}
	}

	private static void exit(int status, String message) {
		System.err.println("error: " + message);
		System.exit(status);
	}

	private static void report(String verb, FillOptions options, long persons, double seconds) {
		System.out.printf(Locale.ROOT, "%s%d persons (%s, %s, %s%s) in %.1f s: %s persons/s%n", verb, persons,
				options.codec().id(), options.compression(), options.layout().name().toLowerCase().replace('_', '-'),
				(options.ttl() != null) ? ", ttl " + options.ttl().toSeconds() + " s" : "", seconds,
				rate(persons, seconds));
	}

	/**
	 * Persons a second, whole: the fill's own and, through {@code rate PERSONS SECONDS}, what scripts/fill.sh timed
	 * redis-cli --pipe at.
	 */
	static String rate(long persons, double seconds) {
		if (persons < 0 || !(seconds > 0)) {
			throw new IllegalArgumentException("a rate needs persons and seconds above 0, were " + persons + " and "
					+ seconds);
		}
		return String.format(Locale.ROOT, "%.0f", persons / seconds);
	}

	/**
	 * Stores every person of the range, or up to Redis's first out-of-memory reply, or the batches taken within
	 * {@code --max-seconds}: batches are taken in order and each taken one is stored whole, so the persons stored
	 * then are ids {@code first-id} onwards, without a gap.
	 */
	Outcome run() throws InterruptedException, ExecutionException {
		Batches batches = Batches.all(this.options);
		return store((this.options.maxSeconds() > 0) ? batches.until(this.options.maxSeconds()) : batches);
	}

	/** Stores the given batches on the options' connections. */
	Outcome store(Batches batches) throws InterruptedException, ExecutionException {
		AtomicReference<String> outOfMemory = new AtomicReference<>();
		ExecutorService pool = Executors.newFixedThreadPool(this.options.connections());
		try {
			List<Future<Long>> loaders = new ArrayList<>();
			for (int i = 0; i < this.options.connections(); i++) {
				loaders.add(pool.submit(() -> load(batches, outOfMemory)));
			}
			long stored = 0;
			for (Future<Long> loader : loaders) {
				stored += loader.get();
			}
			return new Outcome(stored, outOfMemory.get());
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * One connection's share (a connection to every node of a cluster): batches taken in turn until none is
	 * left or a reply said Redis is out of memory. Each command stores its persons whole or not at all, so the
	 * persons of the commands Redis confirmed are exactly the persons stored.
	 */
	private long load(Batches batches, AtomicReference<String> outOfMemory) {
		RedisSerializer<Person> serializer = serializer(this.options);
		long end = this.options.firstId() + this.options.persons();
		List<Jedis> connections = new ArrayList<>();
		long stored = 0;
		try {
			for (int node = 0; node < this.target.nodes().size(); node++) {
				connections.add(this.target.connect(node));
			}
			for (long from = batches.next(); from >= 0 && outOfMemory.get() == null; from = batches.next()) {
				List<RedisCommand> commands = BatchCommands.of(this.options.layout(), from,
						Math.min(end, from + this.options.batch()), this.options.ttl(),
						(id) -> serializer.serialize(PersonFactory.create(id)));
				if (this.target.isCluster()) {
					commands = BatchCommands.perSlot(commands);
				}
				stored += send(connections, commands, outOfMemory);
			}
		}
		finally {
			connections.forEach(Jedis::close);
		}
		return stored;
	}

	/** Sends the commands, each on its node's pipeline, and answers the persons Redis confirmed. */
	private long send(List<Jedis> connections, List<RedisCommand> commands, AtomicReference<String> outOfMemory) {
		List<Pipeline> pipelines = new ArrayList<>();
		connections.forEach((connection) -> pipelines.add(connection.pipelined()));
		List<Response<Object>> replies = new ArrayList<>(commands.size());
		for (RedisCommand command : commands) {
			replies.add(pipelines.get(this.target.nodeOf(command.arguments()[0]))
				.sendCommand(command.name(), command.arguments()));
		}
		pipelines.forEach(Pipeline::sync);
		long confirmed = 0;
		for (int i = 0; i < commands.size(); i++) {
			try {
				replies.get(i).get();
				confirmed += commands.get(i).persons();
			}
			catch (JedisDataException ex) {
				if (ex.getMessage() == null || !ex.getMessage().startsWith("OOM")) {
					throw ex;
				}
				outOfMemory.compareAndSet(null, ex.getMessage());
			}
		}
		return confirmed;
	}

	/** A serializer per connection: the apps share one across threads, but nothing here needs to. */
	static RedisSerializer<Person> serializer(FillOptions options) {
		return Compressions.wrap(options.compression(), options.codec().newSerializer(), () -> {
			try {
				return Files.readAllBytes(options.dictionary());
			}
			catch (IOException ex) {
				throw new UncheckedIOException("--dictionary " + options.dictionary(), ex);
			}
		});
	}

}
