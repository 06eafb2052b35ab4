package org.redisbench.store;

import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;
import org.redisbench.store.RoundTrips.NoReplyFromNode;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

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
 * many pool round trips; on a Redis Cluster, on one connection per node holding any of its keys. Only a
 * connection found stale before any reply is swapped for another, once. A request succeeds only when Redis
 * confirmed every command; the first failure decides its answer, so nothing unconfirmed is reported as
 * stored.
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

	private final Counter staleConnectionRetries;

	private final int pooledConnections;

	private final Duration commandTimeout;

	/**
	 * @param pooledConnections the most connections the factory pools, and so the most that can go stale at
	 * once
	 * @param commandTimeout how long a Redis command may take before the client gives up on it
	 */
	public PersonStore(RedisConnectionFactory connectionFactory, int pooledConnections, Duration commandTimeout,
			RedisSerializer<Person> serializer, RoundTrips roundTrips, Duration requestTimeout, MeterRegistry meters) {
		this.connectionFactory = connectionFactory;
		this.pooledConnections = pooledConnections;
		this.commandTimeout = commandTimeout;
		this.serializer = serializer;
		this.roundTrips = roundTrips;
		this.requestTimeout = requestTimeout;
		this.encodeTimer = timer(meters, "bench.encode", "encoding the persons of one request");
		this.decodeTimer = timer(meters, "bench.decode", "decoding and verifying the persons of one request");
		this.redisTimer = timer(meters, "bench.redis", "Redis I/O of one request");
		this.staleConnectionRetries = Counter.builder("bench.redis.stale-connection-retries")
			.description("requests sent again because their pooled connection had gone stale")
			.register(meters);
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
		List<Command> commands = new ArrayList<>(persons.size());
		for (Person person : persons) {
			commands.add(new Command.Set(key(person.getId()), encode(person)));
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
		List<Command> commands = new ArrayList<>(count);
		for (long id = firstId; id < firstId + count; id++) {
			commands.add(new Command.Get(key(id)));
		}

		List<Object> replies = send(commands);
		long start = System.nanoTime();
		for (int i = 0; i < count; i++) {
			verify(firstId + i, reply(replies, i, firstId + i));
		}
		this.decodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
	}

	public Person verifyOne(long id) {
		return verify(id, reply(send(List.of(new Command.Get(key(id)))), 0, id));
	}

	/** Stores a raw string, bypassing the codec, as the published string app's {@code /save} did. */
	public void saveRaw(String key, String value) {
		Command set = new Command.Set(key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
		Object reply = reply(send(List.of(set)), 0, -1);
		if (!Boolean.TRUE.equals(reply)) {
			throw new RedisUnavailableException("key " + key + ": Redis did not confirm the write");
		}
	}

	/**
	 * Sends the commands, once more on a live connection if the first was stale and the deadline has not
	 * passed. Resending is safe: a request sets or gets the same values again, and its replies are still all
	 * from one attempt.
	 */
	private List<Object> send(List<Command> commands) {
		long start = System.nanoTime();
		Deadline deadline = new Deadline(start, this.requestTimeout);
		try {
			List<Object> replies = sendOn(this.connectionFactory::getConnection, commands, deadline);
			if (replies.stream().anyMatch(NoReplyFromNode.class::isInstance)
					&& System.nanoTime() - start < this.commandTimeout.toNanos() && !deadline.passed()) {
				// Failed sooner than a read can time out, so a node's connection was lost; Jedis has already
				// replaced it in the node's pool. A cluster connection cannot be PINGed node by node first.
				this.staleConnectionRetries.increment();
				replies = sendOn(this.connectionFactory::getConnection, commands, deadline);
			}
			else if (!replies.isEmpty() && replies.get(0) instanceof Exception first && isStaleConnection(first)
					&& !deadline.passed()) {
				this.staleConnectionRetries.increment();
				replies = sendOn(() -> liveConnection(deadline), commands, deadline);
			}
			return replies;
		}
		catch (DataAccessException ex) {
			throw new RedisUnavailableException("Redis unavailable: " + firstLine(ex), ex);
		}
		finally {
			this.redisTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
		}
	}

	private List<Object> sendOn(Supplier<RedisConnection> borrow, List<Command> commands, Deadline deadline) {
		try (RedisConnection connection = borrow.get()) {
			return this.roundTrips.send(connection, commands, deadline::check, this.connectionFactory);
		}
	}

	/**
	 * A pooled connection that has just answered a PING. The pool replaces a connection found stale by a new
	 * one at the head of its idle ones, but right after a Redis restart a concurrent request may take that
	 * one first and leave the next stale one on top; each stale one PINGed here is replaced in turn, so the
	 * pool cannot hold more of them than it holds connections.
	 */
	private RedisConnection liveConnection(Deadline deadline) {
		for (int tried = 1;; tried++) {
			deadline.check();
			RedisConnection connection = this.connectionFactory.getConnection();
			try {
				connection.ping();
				return connection;
			}
			catch (DataAccessException ex) {
				connection.close();
				if (!isStaleConnection(ex) || tried > this.pooledConnections) {
					throw ex;
				}
			}
		}
	}

	/**
	 * A pooled connection whose Redis went away since its last use, a restart for one: reset or closed by
	 * the other end when first written or read. Not a timeout (a slow or paused Redis would make a second
	 * attempt wait as long again), nor a failure to connect (Redis is down). A cluster's per-command client
	 * resends by itself.
	 */
	private static boolean isStaleConnection(Throwable ex) {
		boolean lostConnection = false;
		for (Throwable cause = ex; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
			if (cause instanceof SocketTimeoutException) {
				return false;
			}
			lostConnection |= cause instanceof JedisConnectionException;
		}
		Throwable root = rootCause(ex);
		// A failure to connect keeps each address's refusal as a suppressed exception.
		boolean lostByRoot = (root instanceof SocketException && !(root instanceof ConnectException))
				|| (root instanceof JedisConnectionException && root.getSuppressed().length == 0);
		return lostConnection && lostByRoot;
	}

	/**
	 * The reply to command {@code index}, about person {@code id}. A command Redis refused for the key's
	 * type is that person's fault; any other failure is Redis's: an error reply (a refusal), or no reply.
	 */
	private static Object reply(List<Object> replies, int index, long id) {
		if (index >= replies.size()) {
			// Per-key mode stops sending at the first failure, and a lost pipeline has one reply: an earlier
			// reply holds the failure.
			throw new RedisUnavailableException("person " + id + ": not sent after an earlier failure");
		}
		Object reply = replies.get(index);
		if (reply instanceof Exception ex) {
			if (id >= 0 && String.valueOf(ex.getMessage()).contains("WRONGTYPE")) {
				throw new CorruptPersonException(id, "holds a Redis value that is not a string");
			}
			throw new RedisUnavailableException((id >= 0 ? "person " + id + ": " : "")
					+ (isErrorReply(ex) ? "Redis refused: " : "Redis unavailable: ") + firstLine(ex), ex);
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

	private static boolean isErrorReply(Throwable ex) {
		for (Throwable cause = ex; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
			if (cause instanceof JedisDataException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The root cause's message, to its first line. A cluster client that gave up on a node says only that
	 * it ran out of attempts; why the last one failed is a suppressed exception, so that is added.
	 */
	static String firstLine(Throwable ex) {
		Throwable root = rootCause(ex);
		String message = firstLine(root.getMessage());
		Throwable[] attempts = root.getSuppressed();
		return attempts.length == 0 ? message
				: message + " (" + firstLine(attempts[attempts.length - 1].getMessage()) + ")";
	}

	private static Throwable rootCause(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return root;
	}

	private static String firstLine(String text) {
		String message = String.valueOf(text);
		int newline = message.indexOf('\n');
		return newline < 0 ? message : message.substring(0, newline);
	}

	/** Bounds a whole request, since each Redis command's own timeout alone would add up over a batch. */
	private record Deadline(long startNanos, Duration timeout) {

		boolean passed() {
			return System.nanoTime() - this.startNanos > this.timeout.toNanos();
		}

		void check() {
			if (passed()) {
				throw new RedisUnavailableException(
						"Redis too slow: request exceeded " + this.timeout.toMillis() + " ms");
			}
		}

	}

}
