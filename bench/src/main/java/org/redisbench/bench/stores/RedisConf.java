package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import org.redisbench.processes.RedisServer;

/**
 * The redis.conf a redis-server of the run's starts from (a private one, or each node of its own cluster): the password
 * reaches the server in a file only this user can read, since {@code ps} shows a command line to every user.
 */
final class RedisConf {

	private RedisConf() {
	}

	/** {@code requirepass} and {@code masterauth} of {@code password} into a new {@code file}, mode 600; empty without. */
	static void write(Path file, Optional<String> password) {
		String text = password.map((secret) -> {
			String quoted = RedisServer.quoted(secret);
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

}
