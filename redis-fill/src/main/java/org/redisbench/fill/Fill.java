package org.redisbench.fill;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

import org.redisbench.commandline.Failure;
import org.redisbench.commandline.Refusal;
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
final class Fill {

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

	/**
	 * What a fill stored and cost.
	 *
	 * @param options the fill as it ran: of the persons stored, when {@code --max-seconds} cut it short
	 */
	record Filled(FillOptions options, double seconds, FillCost cost) {

		String rate() {
			return Fill.rate(this.options.persons(), this.seconds);
		}

	}

	/**
	 * One fill, refused before anything is written when a node is not reached or (without {@code --overwrite}) holds
	 * persons of the range; its {@code stored} and {@code cost} lines printed.
	 */
	static Filled fill(FillOptions options, PrintWriter out) {
		Fill fill = new Fill(options, reach(options.reach()));
		if (!options.overwrite()) {
			RangeCheck.occupied(fill.target(), options).ifPresent((occupied) -> {
				throw new Refusal(occupied + ", in the range of ids " + options.firstId() + ".."
						+ (options.firstId() + options.persons() - 1)
						+ " to fill: nothing written (--overwrite writes over what is there)");
			});
		}
		FillCost.Reading start;
		try {
			start = FillCost.Reading.of(fill.target());
		}
		catch (JedisException ex) {
			throw new Refusal("cannot read INFO cpu of the target, what the fill's cost line needs: " + ex.getMessage());
		}
		Outcome outcome;
		try {
			outcome = fill.run();
		}
		catch (ExecutionException ex) {
			throw new Failure("the fill failed: " + ex.getCause().getMessage(), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new Failure("the fill was interrupted", ex);
		}
		if (outcome.outOfMemory() != null) {
			throw new Failure("stopped at Redis's first out-of-memory reply: stored " + outcome.stored() + " of "
					+ options.persons() + " persons, every one Redis confirmed (" + outcome.outOfMemory() + ")");
		}
		FillCost cost = FillCost.between(start, FillCost.Reading.of(fill.target()));
		Filled filled = new Filled(options.of(outcome.stored()), cost.seconds(), cost);
		out.println(report("stored ", filled.options(), cost.seconds()));
		out.println(cost.line());
		out.flush();
		return filled;
	}

	/** The target, every node of it answering as the reach's user: refused in one line otherwise. */
	static Target reach(Reach reach) {
		try {
			Target target = Target.of(reach);
			for (int node = 0; node < target.nodes().size(); node++) {
				try (Jedis jedis = target.connect(node)) {
					jedis.ping();
				}
			}
			return target;
		}
		catch (JedisException | IllegalStateException ex) {
			throw new Refusal("cannot fill " + reach.where() + ": " + ex.getMessage());
		}
	}

	static String report(String verb, FillOptions options, double seconds) {
		return String.format(Locale.ROOT, "%s%d persons (%s, %s, %s%s) in %.1f s: %s persons/s", verb,
				options.persons(), options.codec().id(), options.compression(),
				options.layout().name().toLowerCase().replace('_', '-'),
				(options.ttl() != null) ? ", ttl " + options.ttl().toSeconds() + " s" : "", seconds,
				rate(options.persons(), seconds));
	}

	/**
	 * Persons a second, whole: the fill's own, and what redis-cli --pipe loaded at.
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
