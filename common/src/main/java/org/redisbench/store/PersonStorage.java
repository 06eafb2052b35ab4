package org.redisbench.store;

import java.util.List;

import org.redisbench.person.Person;

/**
 * Where the apps keep their persons, as the endpoints see it: Redis ({@link PersonStore}, the default) or
 * Memcached ({@code bench.store=memcached}). Each returns only once its store confirmed everything, and
 * throws otherwise: {@link PersonNotFoundException} (404), {@link CorruptPersonException} (500) or the store's
 * own unavailable exception (503).
 */
public interface PersonStorage {

	/** The bytes this store writes for a person. */
	byte[] encode(Person person);

	/** Stores every person, or throws: returning means the store confirmed each write. */
	void storeAll(List<Person> persons);

	/** Reads and verifies every id in {@code [firstId, firstId + count)}, or throws for the first that fails. */
	void verifyAll(long firstId, int count);

	/** Reads and verifies one person. */
	Person verifyOne(long id);

	/** Stores a raw string, bypassing the codec, as the published string app's {@code /save} did. */
	void saveRaw(String key, String value);

}
