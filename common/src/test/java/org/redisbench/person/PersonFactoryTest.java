package org.redisbench.person;

import org.junit.jupiter.api.RepeatedTest;

import static org.assertj.core.api.Assertions.assertThat;

class PersonFactoryTest {

	@RepeatedTest(20)
	void buildsPersonAsPublished() {
		long before = System.currentTimeMillis();
		Person person = PersonFactory.create(1234);
		long after = System.currentTimeMillis();

		assertThat(person.getId()).isEqualTo(1234);
		long millis = Long.parseLong(person.getName().substring("name".length()));
		assertThat(millis).isBetween(before, after);
		assertThat(person.getName()).isEqualTo("name" + millis);
		assertThat(person.getAddress()).isEqualTo("addres_" + millis);
		assertThat(person.getPhone()).isEqualTo("phone_" + millis);
		assertThat(person.getAge()).isBetween(0, 29);
		assertThat(person.getSex()).isIn("0", "1");
		assertThat(person.getMd5()).isEqualTo(PersonDigest.of(person));
	}

}
