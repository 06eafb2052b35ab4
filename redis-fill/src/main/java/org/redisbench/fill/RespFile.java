package org.redisbench.fill;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.fill.BatchCommands.RedisCommand;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The commands a fill sends, written as the Redis protocol into a file instead, for {@code redis-cli --pipe}
 * to load the same bytes: Redis's own mass-insertion path, to compare the fill with.
 */
final class RespFile {

	private RespFile() {
	}

	static long write(FillOptions options, RedisSerializer<Person> serializer, Path file) throws IOException {
		long end = options.firstId() + options.persons();
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
			for (long from = options.firstId(); from < end; from += options.batch()) {
				for (RedisCommand command : BatchCommands.of(options.layout(), from, Math.min(end, from + options.batch()),
						options.ttl(), (id) -> serializer.serialize(PersonFactory.create(id)))) {
					write(out, command);
				}
			}
		}
		return options.persons();
	}

	private static void write(OutputStream out, RedisCommand command) throws IOException {
		out.write(ascii("*" + (command.arguments().length + 1) + "\r\n"));
		argument(out, command.name().getRaw());
		for (byte[] argument : command.arguments()) {
			argument(out, argument);
		}
	}

	private static void argument(OutputStream out, byte[] argument) throws IOException {
		out.write(ascii("$" + argument.length + "\r\n"));
		out.write(argument);
		out.write(ascii("\r\n"));
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
