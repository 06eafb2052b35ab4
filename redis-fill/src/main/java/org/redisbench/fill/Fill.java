package org.redisbench.fill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.fill.BatchCommands.RedisCommand;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Loads persons {@code [first-id, first-id + persons)} as the apps' {@code /add} stores them (same codec
 * classes, same compression, same keys and layout), but pipelined by the thousand on several connections
 * at once, as Redis mass insertion is done. Every reply is read and checked: it fails rather than report
 * persons Redis did not confirm.
 */
public final class Fill {

	private final FillOptions options;

	Fill(FillOptions options) {
		this.options = options;
	}

	public static void main(String[] args) throws Exception {
		FillOptions options;
		try {
			options = FillOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage() + "\n" + FillOptions.USAGE);
			System.exit(2);
			return;
		}
		long start = System.nanoTime();
		Fill fill = new Fill(options);
		long stored = (options.respFile() != null) ? RespFile.write(options, fill.serializer(), options.respFile())
				: fill.run();
		double seconds = (System.nanoTime() - start) / 1e9;
		System.out.printf((options.respFile() != null) ? "wrote " : "stored ");
		System.out.printf("%d persons (%s, %s, %s%s) in %.1f s: %.0f persons/s%n", stored, options.codec().id(),
				options.compression(), options.layout().name().toLowerCase().replace('_', '-'),
				(options.ttl() != null) ? ", ttl " + options.ttl().toSeconds() + " s" : "", seconds, stored / seconds);
	}

	/** Stores every person or throws; answers how many were stored. */
	long run() throws Exception {
		AtomicLong next = new AtomicLong(this.options.firstId());
		long end = this.options.firstId() + this.options.persons();
		ExecutorService pool = Executors.newFixedThreadPool(this.options.connections());
		try {
			List<Future<Long>> loaders = new ArrayList<>();
			for (int i = 0; i < this.options.connections(); i++) {
				loaders.add(pool.submit(() -> load(next, end)));
			}
			long stored = 0;
			for (Future<Long> loader : loaders) {
				stored += loader.get();
			}
			return stored;
		}
		finally {
			pool.shutdownNow();
		}
	}

	/** One connection's share: batches of ids taken in turn until none is left. */
	private long load(AtomicLong next, long end) {
		RedisSerializer<Person> serializer = serializer();
		long stored = 0;
		try (Jedis jedis = new Jedis(this.options.host(), this.options.port())) {
			for (long from = next.getAndAdd(this.options.batch()); from < end;
					from = next.getAndAdd(this.options.batch())) {
				List<RedisCommand> commands = BatchCommands.of(this.options.layout(), from,
						Math.min(end, from + this.options.batch()), this.options.ttl(),
						(id) -> serializer.serialize(PersonFactory.create(id)));
				Pipeline pipeline = jedis.pipelined();
				List<Response<Object>> replies = new ArrayList<>(commands.size());
				for (RedisCommand command : commands) {
					replies.add(pipeline.sendCommand(command.name(), command.arguments()));
				}
				pipeline.sync();
				// get() throws the error reply of a command Redis refused.
				replies.forEach(Response::get);
				stored += commands.stream().mapToInt(RedisCommand::persons).sum();
			}
		}
		return stored;
	}

	/** A serializer per connection: the apps share one across threads, but nothing here needs to. */
	private RedisSerializer<Person> serializer() {
		return this.options.compression().wrap(this.options.codec().newSerializer(), () -> {
			try {
				return Files.readAllBytes(this.options.dictionary());
			}
			catch (IOException ex) {
				throw new UncheckedIOException("--dictionary " + this.options.dictionary(), ex);
			}
		});
	}

}
