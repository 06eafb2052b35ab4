package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The redis.conf a redis-server of the run's starts from, as scripts/lib/redis-conf.sh writes it: the password
 * reaches the server in a file only this user can read, since {@code ps} shows a command line to every user.
 */
final class RedisConf {

	private RedisConf() {
	}

	/** {@code requirepass} and {@code masterauth} of {@code password} into a new {@code file}, mode 600; empty without. */
	static void write(Path file, Optional<String> password) {
		String text = password.map((secret) -> {
			String quoted = quote(secret);
			return "requirepass " + quoted + "\nmasterauth " + quoted + "\n";
		}).orElse("");
		try {
			// Created with mode 600 before a byte is written: no moment in which another user could read it.
			Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

	/**
	 * {@code value} as one double-quoted redis.conf argument that Redis reads back byte for byte. Everything but
	 * letters and digits is written as \xHH, so that a quote, backslash, space, '#' or a non-ASCII byte in a
	 * password can neither end the argument nor turn it into another password.
	 */
	static String quote(String value) {
		StringBuilder out = new StringBuilder("\"");
		for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
			char c = (char) (b & 0xff);
			if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
				out.append(c);
			}
			else {
				out.append(String.format("\\x%02x", b & 0xff));
			}
		}
		return out.append('"').toString();
	}

}
