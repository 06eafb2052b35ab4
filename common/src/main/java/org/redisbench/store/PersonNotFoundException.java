package org.redisbench.store;

/** No value is stored under the person's key. */
public class PersonNotFoundException extends RuntimeException {

	public PersonNotFoundException(long id) {
		super("person " + id + ": not found");
	}

}
