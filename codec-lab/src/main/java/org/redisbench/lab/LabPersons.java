package org.redisbench.lab;

import java.util.stream.LongStream;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

/** The persons the lab measures: ids from 1 and stamped now, as {@code /add} makes them after {@code /reset}. */
final class LabPersons {

	private LabPersons() {
	}

	static Person[] first(int count) {
		return LongStream.rangeClosed(1, count).mapToObj(PersonFactory::create).toArray(Person[]::new);
	}

}
