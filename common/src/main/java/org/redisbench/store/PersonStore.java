package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * The one Redis access path of both apps: the only thing that differs between them is the
 * {@link RedisSerializer} handed in, so any difference in the figures is the codec's.
 * <p>
 * All the work of one request runs on one connection, borrowed once, so a batch is not spread over
 * many pool round trips. A request succeeds only when Redis confirmed every command; the first failure
 * decides its answer, so nothing unconfirmed is reported as stored.
 * <p>
 * Encoding, decoding and Redis I/O are timed per request ({@code bench.encode}, {@code bench.decode},
 * {@code bench.redis}), so a report can split a request's time between the codec, Redis and the rest.
 */
public class PersonStore {

	private static final String KEY_PREFIX = "person_";

	private final RedisConnectionFactory connectionFactory;

	private final RedisSerializer<Person> serializer;

	private final RoundTrips roundTrips;

	private final Duration requestTimeout;

	private final Timer encodeTimer;

	private final Timer decodeTimer;

	private final Timer redisTimer;

	public PersonStore(RedisConnectionFactory connectionFactory, RedisSerializer<Person> serializer,
			RoundTrips roundTrips, Duration requestTimeout, MeterRegistry meters) {
		this.connectionFactory = connectionFactory;
		this.serializer = serializer;
		this.roundTrips = roundTrips;
		this.requestTimeout = requestTimeout;
		this.encodeTimer = timer(meters, "bench.encode", "encoding the persons of one request");
		this.decodeTimer = timer(meters, "bench.decode", "decoding and verifying the persons of one request");
		this.redisTimer = timer(meters, "bench.redis", "Redis I/O of one request");
	}

	private static Timer timer(MeterRegistry meters, String name, String description) {
		return Timer.builder(name).description(description).register(meters);
	}

	public static byte[] key(long id) {
		return (KEY_PREFIX + id).getBytes(StandardCharsets.US_ASCII);
	}

	/** The bytes this store writes for a person. */
	public byte[] encode(Person person) {
		try {
			return this.serializer.serialize(person);
		}
		catch (SerializationException ex) {
			throw new IllegalStateException("person " + person.getId() + " cannot be encoded: " + ex.getMessage(), ex);
		}
	}

	/** Stores every person, or throws: returning means Redis confirmed each write. */
	public void storeAll(List<Person> persons) {
		long start = System.nanoTime();
		List<Function<RedisConnection, Object>> commands = new ArrayList<>(persons.size());
		for (Person person : persons) {
			byte[] key = key(person.getId());
			byte[] value = encode(person);
			commands.add((connection) -> connection.stringCommands().set(key, value));
		}
		this.encodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);

		List<Object> replies = send(commands);
		for (int i = 0; i < persons.size(); i++) {
			long id = persons.get(i).getId();
			Object reply = reply(replies, i, id);
			if (!Boolean.TRUE.equals(reply)) {
				throw new RedisUnavailableException("person " + id + ": Redis did not confirm the write");
			}
		}
	}

	/** Reads and verifies every id in {@code [firstId, firstId + count)}, or throws for the first that fails. */
	public void verifyAll(long firstId, int count) {
		List<Function<RedisConnection, Object>> commands = new ArrayList<>(count);
		for (long id = firstId; id < firstId + count; id++) {
			byte[] key = key(id);
			commands.add((connection) -> connection.stringCommands().get(key));
		}

		List<Object> replies = send(commands);
		long start = System.nanoTime();
		for (int i = 0; i < count; i++) {
			verify(firstId + i, reply(replies, i, firstId + i));
		}
		this.decodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
	}

	public Person verifyOne(long id) {
		return verify(id, reply(send(List.of((connection) -> connection.stringCommands().get(key(id)))), 0, id));
	}

	/** Stores a raw string, bypassing the codec, as the published string app's {@code /save} did. */
	public void saveRaw(String key, String value) {
		byte[] rawKey = key.getBytes(StandardCharsets.UTF_8);
		byte[] rawValue = value.getBytes(StandardCharsets.UTF_8);
		Object reply = reply(send(List.of((connection) -> connection.stringCommands().set(rawKey, rawValue))), 0, -1);
		if (!Boolean.TRUE.equals(reply)) {
			throw new RedisUnavailableException("key " + key + ": Redis did not confirm the write");
		}
	}

	private List<Object> send(List<Function<RedisConnection, Object>> commands) {
		long start = System.nanoTime();
		Deadline deadline = new Deadline(start, this.requestTimeout);
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return this.roundTrips.send(connection, commands, deadline::check);
		}
		catch (DataAccessException ex) {
			throw new RedisUnavailableException("Redis unavailable: " + firstLine(ex), ex);
		}
		finally {
			this.redisTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
		}
	}

	/**
	 * The reply to command {@code index}, about person {@code id}. A command Redis refused for the key's
	 * type is that person's fault; any other failure is Redis's.
	 */
	private static Object reply(List<Object> replies, int index, long id) {
		if (index >= replies.size()) {
			// Per-key mode stops sending at the first failure, which an earlier reply holds.
			throw new RedisUnavailableException("person " + id + ": not sent after an earlier failure");
		}
		Object reply = replies.get(index);
		if (reply instanceof Exception ex) {
			if (id >= 0 && String.valueOf(ex.getMessage()).contains("WRONGTYPE")) {
				throw new CorruptPersonException(id, "holds a Redis value that is not a string");
			}
			throw new RedisUnavailableException((id >= 0 ? "person " + id + ": " : "") + "Redis refused: " + firstLine(ex),
					ex);
		}
		return reply;
	}

	private Person verify(long id, Object reply) {
		if (reply == null) {
			throw new PersonNotFoundException(id);
		}
		Person person;
		try {
			person = this.serializer.deserialize((byte[]) reply);
		}
		catch (SerializationException ex) {
			throw new CorruptPersonException(id, "value does not decode: " + firstLine(ex));
		}
		if (person == null) {
			throw new CorruptPersonException(id, "value is empty");
		}
		if (person.getId() != id) {
			throw new CorruptPersonException(id, "value holds person " + person.getId());
		}
		if (!PersonDigest.isIntact(person)) {
			throw new CorruptPersonException(id, "md5 does not match the fields");
		}
		return person;
	}

	static String firstLine(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = String.valueOf(root.getMessage());
		int newline = message.indexOf('\n');
		return newline < 0 ? message : message.substring(0, newline);
	}

	/** Bounds a whole request, since each Redis command's own timeout alone would add up over a batch. */
	private record Deadline(long startNanos, Duration timeout) {

		void check() {
			if (System.nanoTime() - this.startNanos > this.timeout.toNanos()) {
				throw new RedisUnavailableException(
						"Redis too slow: request exceeded " + this.timeout.toMillis() + " ms");
			}
		}

	}

}
