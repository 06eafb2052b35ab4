package org.redisbench.person;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

class PersonDigestTest {

	@Test
	void digestIsBase64OfMd5OfFieldsEachFollowedByUnderscore() {
		Person person = new Person();
		person.setId(7);
		person.setName("name1");
		person.setSex("1");
		person.setAge(21);
		person.setPhone("phone_1");
		person.setAddress("addres_1");
		// echo -n "7_name1_1_21_phone_1_addres_1_" | openssl md5 -binary | base64
		assertThat(PersonDigest.of(person)).isEqualTo("ia3JcDXCPNfqXovueVjp8Q==");
	}

	/** Every digest starts from a copy of one MD5 instance: threads digesting at once must not share its state. */
	@Test
	void digestsOnManyThreadsAtOnceAreEachRight() throws Exception {
		List<Person> persons = IntStream.range(1, 2001).mapToObj((id) -> PersonFactory.create(id, 1_700_000_000_000L + id))
			.toList();
		List<String> alone = persons.stream().map(PersonDigest::of).toList();
		ExecutorService threads = Executors.newFixedThreadPool(8);
		try {
			List<Future<List<String>>> together = new ArrayList<>();
			for (int t = 0; t < 8; t++) {
				together.add(threads.submit(() -> persons.stream().map(PersonDigest::of).toList()));
			}
			for (Future<List<String>> digests : together) {
				assertThat(digests.get(60, TimeUnit.SECONDS)).isEqualTo(alone);
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	@Test
	void newPersonIsIntact() {
		assertThat(PersonDigest.isIntact(PersonFactory.create(42))).isTrue();
	}

	@Test
	void personWithoutDigestIsNotIntact() {
		Person person = PersonFactory.create(42);
		person.setMd5(null);
		assertThat(PersonDigest.isIntact(person)).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("oneFieldChanged")
	void oneChangedFieldIsCaught(String field, Consumer<Person> change) {
		Person person = PersonFactory.create(42);
		change.accept(person);
		assertThat(PersonDigest.isIntact(person)).isFalse();
	}

	static Stream<Arguments> oneFieldChanged() {
		return Stream.of(Arguments.of("id", (Consumer<Person>) (p) -> p.setId(p.getId() + 1)),
				Arguments.of("name", (Consumer<Person>) (p) -> p.setName(p.getName() + "x")),
				Arguments.of("address", (Consumer<Person>) (p) -> p.setAddress(p.getAddress() + "x")),
				Arguments.of("phone", (Consumer<Person>) (p) -> p.setPhone(p.getPhone() + "x")),
				Arguments.of("sex", (Consumer<Person>) (p) -> p.setSex(p.getSex().equals("0") ? "1" : "0")),
				Arguments.of("age", (Consumer<Person>) (p) -> p.setAge(p.getAge() + 1)),
				Arguments.of("md5", (Consumer<Person>) (p) -> p.setMd5("AAAA" + p.getMd5().substring(4))));
	}

}
