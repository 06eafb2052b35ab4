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
		long now = System.currentTimeMillis();
		ThreadLocalRandom random = ThreadLocalRandom.current();
		Person person = new Person();
		person.setId(id);
		person.setName("name" + now);
		person.setAddress("addres_" + now);
		person.setPhone("phone_" + now);
		person.setAge(random.nextInt(30));
		person.setSex(random.nextBoolean() ? "1" : "0");
		person.setMd5(PersonDigest.of(person));
		return person;
	}

}
