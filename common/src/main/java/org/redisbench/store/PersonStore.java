package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToLongFunction;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.redisbench.model.Layout;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The persons of both apps in Redis: their keys, their encoding, and the verification of what is read back.
 * The only thing that differs between the apps is the {@link RedisSerializer} handed in, so any difference
 * in the figures is the codec's. How the commands reach Redis is {@link RedisAccess}'s.
 * <p>
 * A request succeeds only when Redis confirmed every command; the first failure in command order decides
 * its answer, so nothing unconfirmed is reported as stored. Encoding and decoding are timed per request
 * ({@code bench.encode}, {@code bench.decode}), so a report can split a request's time between the codec,
 * Redis and the rest.
 */
public class PersonStore implements PersonStorage {



	private final RedisAccess redis;

	private final PersonDecoding decoding;

	private final Layout layout;

	private final int maxValueBytes;

	private final TimeToLive ttl;

	private final Timer encodeTimer;

	private final Timer decodeTimer;

	PersonStore(RedisAccess redis, RedisSerializer<Person> serializer, Layout layout, int maxValueBytes,
			TimeToLive ttl, MeterRegistry meters) {
		this.redis = redis;
		this.decoding = new PersonDecoding(serializer, maxValueBytes);
		this.layout = layout;
		this.maxValueBytes = maxValueBytes;
		this.ttl = ttl;
		this.encodeTimer = timer(meters, "bench.encode", "encoding the persons of one request");
		this.decodeTimer = timer(meters, "bench.decode", "decoding and verifying the persons of one request");
	}

	private static Timer timer(MeterRegistry meters, String name, String description) {
		return Timer.builder(name).description(description).register(meters);
	}

	/** The bytes this store writes for a person. */
	public byte[] encode(Person person) {
		return this.decoding.encode(person);
	}

	/**
	 * Stores every person, or throws: returning means Redis confirmed each write. With a time to live and a
	 * layout whose keys several persons share, the last write of a run of persons to one key is followed by
	 * its expiry, drawn for that person: the key lives that long from this request's write on.
	 */
	public void storeAll(List<Person> persons) {
		long start = System.nanoTime();
		List<Command> commands = new ArrayList<>(persons.size());
		// Whose command each is: an expiry answers for the person whose write it follows.
		long[] ids = new long[2 * persons.size()];
		for (int i = 0; i < persons.size(); i++) {
			long id = persons.get(i).getId();
			long ttlMillis = this.ttl.drawMillis();
			ids[commands.size()] = id;
			commands.add(LayoutCommands.write(this.layout, id, encode(persons.get(i)), ttlMillis));
			if (ttlMillis > 0 && LayoutCommands.sharesKeys(this.layout) && lastUnderItsKey(persons, i)) {
				ids[commands.size()] = id;
				commands.add(LayoutCommands.expiry(this.layout, id, ttlMillis));
			}
		}
		this.encodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);

		List<Reply> replies = this.redis.send(commands);
		stoppedBy(replies, (i) -> ids[i]);
		for (int i = 0; i < commands.size(); i++) {
			answered(ids[i], replies.get(i));
		}
	}

	private boolean lastUnderItsKey(List<Person> persons, int i) {
		return i == persons.size() - 1 || !Arrays.equals(this.layout.key(persons.get(i).getId()),
				this.layout.key(persons.get(i + 1).getId()));
	}

	/** Reads and verifies every id in {@code [firstId, firstId + count)}, or throws for the first that fails. */
	public void verifyAll(long firstId, int count) {
		List<Command> commands = new ArrayList<>(count);
		for (long id = firstId; id < firstId + count; id++) {
			commands.add(LayoutCommands.read(this.layout, id, this.maxValueBytes));
		}

		List<Reply> replies = this.redis.send(commands);
		stoppedBy(replies, (i) -> firstId + i);
		long start = System.nanoTime();
		for (int i = 0; i < count; i++) {
			verify(firstId + i, replies.get(i));
		}
		this.decodeTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
	}

	public Person verifyOne(long id) {
		return verify(id, this.redis.send(List.of(LayoutCommands.read(this.layout, id, this.maxValueBytes))).get(0));
	}

	/**
	 * Stores a raw string, bypassing the codec, as the published string app's {@code /save} did: no person, so
	 * no {@code bench.ttl}. A failure does not name the key, which a client chose and may have made long.
	 */
	public void saveRaw(String key, String value) {
		Command set = new Command.Set(key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
		if (this.redis.send(List.of(set)).get(0) instanceof Reply.Failure failure) {
			throw new RedisUnavailableException("raw value: " + failure.describe());
		}
	}

	/**
	 * Throws unless the reply answers the command about person {@code id}. A command Redis refused for the
	 * key's type is that person's fault; any other failure is Redis's.
	 */
	private static void answered(long id, Reply reply) {
		if (reply instanceof Reply.Refusal refusal && refusal.kind() == Reply.Refusal.Kind.WRONG_TYPE) {
			throw new CorruptPersonException(id, "holds a Redis value of another type");
		}
		if (reply instanceof Reply.Failure failure) {
			throw new RedisUnavailableException("person " + id + ": " + failure.describe());
		}
	}

	/**
	 * Throws for the failure that kept commands from being sent, if any: on a cluster, a node that cannot be
	 * reached stops the commands of every node, also those before its own in command order.
	 */
	private static void stoppedBy(List<Reply> replies, IntToLongFunction idOf) {
		if (replies.stream().noneMatch(Reply.NotSent.class::isInstance)) {
			return;
		}
		for (int i = 0; i < replies.size(); i++) {
			if (replies.get(i) instanceof Reply.Failure failure && !(failure instanceof Reply.NotSent)) {
				answered(idOf.applyAsLong(i), failure);
			}
		}
	}

	private Person verify(long id, Reply reply) {
		answered(id, reply);
		byte[] value = ((Reply.Value) reply).bytes();
		if (value.length == 0) {
			throw isAbsent(id) ? new PersonNotFoundException(id) : new CorruptPersonException(id, "value is empty");
		}
		return this.decoding.verify(id, value);
	}

	/**
	 * An empty read is either no key or an empty string: a second round trip tells which, only on this path,
	 * where the request fails either way.
	 */
	private boolean isAbsent(long id) {
		Reply presence = this.redis.send(List.of(LayoutCommands.presence(this.layout, id))).get(0);
		answered(id, presence);
		return LayoutCommands.isAbsent(this.layout, ((Reply.Value) presence).bytes());
	}

}
