package org.redisbench.fill;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.store.Layout;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The commands a fill sends, written as the Redis protocol into a file instead, for {@code redis-cli --pipe}
 * to load the same bytes: Redis's own mass-insertion path, to compare the fill with.
 */
final class RespFile {

	private RespFile() {
	}

	static long write(FillOptions options, RedisSerializer<Person> serializer, Path file) throws IOException {
		Layout layout = options.layout();
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
			for (long id = options.firstId(); id < options.firstId() + options.persons(); id++) {
				byte[] value = serializer.serialize(PersonFactory.create(id));
				if (layout == Layout.STRING_PER_KEY) {
					command(out, ascii("SET"), layout.key(id), value);
				}
				else {
					command(out, ascii("HSET"), layout.key(id), Layout.field(id), value);
				}
			}
		}
		return options.persons();
	}

	private static void command(OutputStream out, byte[]... arguments) throws IOException {
		out.write(ascii("*" + arguments.length + "\r\n"));
		for (byte[] argument : arguments) {
			out.write(ascii("$" + argument.length + "\r\n"));
			out.write(argument);
			out.write(ascii("\r\n"));
		}
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
