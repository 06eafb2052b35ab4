package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;
import org.springframework.stereotype.Component;

/**
 * The one Redis access path of both apps: the only thing that differs between them is the
 * {@link RedisSerializer} handed in, so any difference in the figures is the codec's.
 * <p>
 * All the work of one request runs on one connection, borrowed once, so a batch is not spread over
 * many pool round trips, and stops at the first failure so that nothing unconfirmed is reported as
 * stored.
 */
@Component
public class PersonStore {

	private static final String KEY_PREFIX = "person_";

	private final RedisConnectionFactory connectionFactory;

	private final RedisSerializer<Person> serializer;

	private final StoreProperties properties;

	public PersonStore(RedisConnectionFactory connectionFactory, RedisSerializer<Person> serializer,
			StoreProperties properties) {
		this.connectionFactory = connectionFactory;
		this.serializer = serializer;
		this.properties = properties;
	}

	public static byte[] key(long id) {
		return (KEY_PREFIX + id).getBytes(StandardCharsets.US_ASCII);
	}

	/** Stores every person, or throws: returning means Redis confirmed each write. */
	public void storeAll(List<Person> persons) {
		withConnection(connection -> {
			Deadline deadline = new Deadline(this.properties.requestTimeout());
			for (Person person : persons) {
				deadline.check(person.getId());
				byte[] value = encode(person);
				if (!Boolean.TRUE.equals(connection.stringCommands().set(key(person.getId()), value))) {
					throw new RedisUnavailableException("person " + person.getId() + ": Redis did not confirm the write");
				}
			}
		});
	}

	/** Reads and verifies every id in {@code [firstId, firstId + count)}, or throws for the first that fails. */
	public void verifyAll(long firstId, int count) {
		withConnection(connection -> {
			Deadline deadline = new Deadline(this.properties.requestTimeout());
			for (long id = firstId; id < firstId + count; id++) {
				deadline.check(id);
				verify(id, read(connection, id));
			}
		});
	}

	public Person verifyOne(long id) {
		Person[] found = new Person[1];
		withConnection(connection -> found[0] = verify(id, read(connection, id)));
		return found[0];
	}

	/** Stores a raw string, bypassing the codec, as the published string app's {@code /save} did. */
	public void saveRaw(String key, String value) {
		withConnection(connection -> {
			if (!Boolean.TRUE.equals(connection.stringCommands()
				.set(key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8)))) {
				throw new RedisUnavailableException("key " + key + ": Redis did not confirm the write");
			}
		});
	}

	private void withConnection(Consumer<RedisConnection> work) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			work.accept(connection);
		}
		catch (DataAccessException ex) {
			throw new RedisUnavailableException("Redis unavailable: " + firstLine(ex), ex);
		}
	}

	private byte[] encode(Person person) {
		try {
			return this.serializer.serialize(person);
		}
		catch (SerializationException ex) {
			throw new IllegalStateException("person " + person.getId() + " cannot be encoded: " + ex.getMessage(), ex);
		}
	}

	private byte[] read(RedisConnection connection, long id) {
		try {
			byte[] value = connection.stringCommands().get(key(id));
			if (value == null) {
				throw new PersonNotFoundException(id);
			}
			return value;
		}
		catch (InvalidDataAccessApiUsageException ex) {
			if (String.valueOf(ex.getMessage()).contains("WRONGTYPE")) {
				throw new CorruptPersonException(id, "holds a Redis value that is not a string");
			}
			throw ex;
		}
	}

	private Person verify(long id, byte[] value) {
		Person person;
		try {
			person = this.serializer.deserialize(value);
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
	private record Deadline(long endNanos, long timeoutMillis) {

		Deadline(java.time.Duration timeout) {
			this(System.nanoTime() + timeout.toNanos(), timeout.toMillis());
		}

		void check(long id) {
			if (System.nanoTime() - this.endNanos > 0) {
				throw new RedisUnavailableException(
						"Redis too slow: request exceeded " + this.timeoutMillis + " ms before person " + id);
			}
		}

	}

}
