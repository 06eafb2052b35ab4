package org.redisbench.person;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Builds a new person the way the published apps did (including the {@code addres_} typo), so values
 * have the published size and content.
 */
public final class PersonFactory {

	private PersonFactory() {
	}

	public static Person create(long id) {
		return create(id, System.currentTimeMillis());
	}

	/** A person as if created at {@code millis}, for building samples that span more than one moment. */
	public static Person create(long id, long millis) {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		Person person = new Person();
		person.setId(id);
		person.setName("name" + millis);
		person.setAddress("addres_" + millis);
		person.setPhone("phone_" + millis);
		person.setAge(random.nextInt(30));
		person.setSex(random.nextBoolean() ? "1" : "0");
		person.setMd5(PersonDigest.of(person));
		return person;
	}

}
