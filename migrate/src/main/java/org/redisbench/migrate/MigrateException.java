package org.redisbench.migrate;

/**
 * Bad input, or a source the migrator must not or cannot work on (a node down, a user that may not write, a
 * checkpoint of another migration): one line on stderr and exit status 2, before anything is written.
 */
final class MigrateException extends RuntimeException {

	MigrateException(String message) {
		super(message);
	}

	MigrateException(String message, Throwable cause) {
		super(message, cause);
	}

}
