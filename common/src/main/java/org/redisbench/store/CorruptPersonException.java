package org.redisbench.store;

/** A value is stored under the person's key, but it is not that person, intact. */
public class CorruptPersonException extends RuntimeException {

	public CorruptPersonException(long id, String cause) {
		super("person " + id + ": " + cause);
	}

}
