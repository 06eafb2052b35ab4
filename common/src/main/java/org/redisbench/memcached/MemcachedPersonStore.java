package org.redisbench.memcached;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import net.rubyeye.xmemcached.MemcachedClient;
import net.rubyeye.xmemcached.exception.MemcachedException;
import org.redisbench.model.Layout;
import org.redisbench.person.Person;
import org.redisbench.store.CorruptPersonException;
import org.redisbench.store.PersonDecoding;
import org.redisbench.store.PersonNotFoundException;
import org.redisbench.store.PersonStorage;
import org.redisbench.store.PersonStore;
import org.redisbench.store.RoundTrips;
import org.redisbench.store.TimeToLive;

/**
 * The persons of both apps in Memcached, under the same keys and with the same bytes as in Redis, verified by
 * the same {@link PersonDecoding}. Keys are spread over the nodes by the client's ketama hashing.
 * <p>
 * Same rule as Redis: a request succeeds only when Memcached confirmed every {@code set} ({@code STORED}, no
 * {@code noreply}); the first failure in id order decides its answer. Each operation waits at most
 * {@code bench.memcached.op-timeout}, and none starts after {@code bench.request-timeout}, so a failure is
 * answered within the two.
 * <p>
 * On the wire: xmemcached writes every request thread's commands onto one shared NIO connection per node (or a
 * few, {@code bench.memcached.connections}), so the app's concurrent requests are pipelined together, but one
 * request's {@code set}s are sent one after another, each waiting for its {@code STORED}: the client has no
 * batched set that reports each reply. In {@code pipeline} mode a {@code /check} is one {@code get k1 … k100}
 * per node (the client's multi-get); in {@code per-key} mode one {@code get} per person.
 * <p>
 * With {@code bench.ttl} each {@code set} carries its person's time to live as its exptime, in whole seconds
 * (Memcached has no finer clock), rounded up so that a short one never becomes 0, which would be forever.
 */
public class MemcachedPersonStore implements PersonStorage {

	/** The longest exptime Memcached takes as seconds from now: 30 days. */
	static final long RELATIVE_EXPTIME_LIMIT = 30L * 24 * 60 * 60;

	private final MemcachedClient client;

	private final PersonDecoding decoding;

	private final RoundTrips mode;

	private final long opTimeoutMillis;

	private final Duration requestTimeout;

	private final TimeToLive ttl;

	private final RawValueTranscoder transcoder = new RawValueTranscoder();

	private final Timer encodeTimer;

	private final Timer decodeTimer;

	private final Timer ioTimer;

	MemcachedPersonStore(MemcachedClient client, PersonDecoding decoding, RoundTrips mode, Duration opTimeout,
			Duration requestTimeout, TimeToLive ttl, MeterRegistry meters) {
		this.client = client;
		this.decoding = decoding;
		this.mode = mode;
		this.opTimeoutMillis = opTimeout.toMillis();
		this.requestTimeout = requestTimeout;
		this.ttl = ttl;
		this.encodeTimer = Timer.builder("bench.encode").description("encoding the persons of one request").register(meters);
		this.decodeTimer = Timer.builder("bench.decode")
			.description("decoding and verifying the persons of one request")
			.register(meters);
		// Beside Redis's bench.redis, so that a report splits a request's time the same way for both stores.
		this.ioTimer = Timer.builder("bench.memcached").description("Memcached I/O of one request").register(meters);
	}

	/** The key Redis uses too: {@code person_<id>}. */
	static String key(long id) {
		return new String(Layout.personKey(id), StandardCharsets.US_ASCII);
	}

	@Override
	public byte[] encode(Person person) {
		return this.decoding.encode(person);
	}

	@Override
	public void storeAll(List<Person> persons) {
		long start = System.nanoTime();
		List<byte[]> values = new ArrayList<>(persons.size());
		for (Person person : persons) {
			values.add(encode(person));
		}
		this.encodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);

		long sending = System.nanoTime();
		long deadline = sending + this.requestTimeout.toNanos();
		try {
			for (int i = 0; i < persons.size(); i++) {
				set("person " + persons.get(i).getId(), key(persons.get(i).getId()), values.get(i),
						exptime(this.ttl.drawMillis()), deadline);
			}
		}
		finally {
			this.ioTimer.record(System.nanoTime() - sending, TimeUnit.NANOSECONDS);
		}
	}

	@Override
	public void verifyAll(long firstId, int count) {
		long fetching = System.nanoTime();
		long deadline = fetching + this.requestTimeout.toNanos();
		List<StoredValue> values = new ArrayList<>(count);
		try {
			fetch(firstId, count, values, deadline);
		}
		finally {
			this.ioTimer.record(System.nanoTime() - fetching, TimeUnit.NANOSECONDS);
		}
		long start = System.nanoTime();
		for (int i = 0; i < count; i++) {
			verify(firstId + i, values.get(i));
		}
		this.decodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
	}

	/** The stored values of ids firstId.. in order, {@code null} for a key Memcached does not hold. */
	private void fetch(long firstId, int count, List<StoredValue> values, long deadline) {
		if (this.mode == RoundTrips.PIPELINE) {
			List<String> keys = new ArrayList<>(count);
			for (long id = firstId; id < firstId + count; id++) {
				keys.add(key(id));
			}
			Map<String, StoredValue> found = call("persons " + firstId + "-" + (firstId + count - 1), deadline,
					(timeout) -> this.client.get(keys, timeout, this.transcoder));
			for (String key : keys) {
				values.add(found.get(key));
			}
		}
		else {
			for (long id = firstId; id < firstId + count; id++) {
				values.add(get(id, deadline));
			}
		}
	}

	@Override
	public Person verifyOne(long id) {
		return verify(id, get(id, System.nanoTime() + this.requestTimeout.toNanos()));
	}

	/**
	 * No person, so no {@code bench.ttl}. A failure does not name the key, which a client chose and may have made
	 * long.
	 */
	@Override
	public void saveRaw(String key, String value) {
		set("raw value", key, value.getBytes(StandardCharsets.UTF_8), 0,
				System.nanoTime() + this.requestTimeout.toNanos());
	}

	/**
	 * A {@code set}'s exptime for a time to live, 0 for none. Memcached reads an exptime over 30 days as a Unix
	 * time rather than seconds from now, so a longer one is sent as that time, by this machine's clock.
	 */
	static int exptime(long ttlMillis) {
		long seconds = (ttlMillis + 999) / 1000;
		if (seconds <= RELATIVE_EXPTIME_LIMIT) {
			return (int) seconds;
		}
		return (int) (System.currentTimeMillis() / 1000 + seconds);
	}

	private StoredValue get(long id, long deadline) {
		return call("person " + id, deadline, (timeout) -> this.client.get(key(id), timeout, this.transcoder));
	}

	private void set(String what, String key, byte[] value, int exptime, long deadline) {
		StoredValue stored = new StoredValue(RawValueTranscoder.FLAGS, value);
		if (!call(what, deadline, (timeout) -> this.client.set(key, exptime, stored, this.transcoder, timeout))) {
			throw new MemcachedUnavailableException("Memcached unavailable: " + what + ": not stored");
		}
	}

	/** The stored value as the person it must be; {@code null} is a key Memcached does not hold. */
	private Person verify(long id, StoredValue value) {
		if (value == null) {
			throw new PersonNotFoundException(id);
		}
		if (value.flags() != RawValueTranscoder.FLAGS) {
			throw new CorruptPersonException(id, "value has flags " + value.flags() + ", not written by this app");
		}
		if (value.bytes().length == 0) {
			throw new CorruptPersonException(id, "value is empty");
		}
		return this.decoding.verify(id, value.bytes());
	}

	/**
	 * Runs one operation with what is left of the request's time, at most one operation timeout, and turns
	 * whatever keeps Memcached from answering into a 503 naming {@code what} and the cause.
	 */
	private <T> T call(String what, long deadline, Operation<T> operation) {
		long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
		if (left <= 0) {
			throw unavailable(what, "request exceeded " + this.requestTimeout.toMillis() + " ms");
		}
		long timeout = Math.min(this.opTimeoutMillis, left);
		try {
			return operation.run(timeout);
		}
		catch (TimeoutException ex) {
			throw unavailable(what, "no reply within " + timeout + " ms");
		}
		catch (MemcachedException ex) {
			throw unavailable(what, String.valueOf(ex.getMessage()));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw unavailable(what, "interrupted");
		}
	}

	private static MemcachedUnavailableException unavailable(String what, String cause) {
		return new MemcachedUnavailableException("Memcached unavailable: " + what + ": " + cause);
	}

	@FunctionalInterface
	private interface Operation<T> {

		T run(long timeoutMillis) throws TimeoutException, InterruptedException, MemcachedException;

	}

}
