package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.valueformat.readboth.Signature;
import org.redisbench.valueformat.Compression;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * A user's objects written in an {@link ObjectFormat} and a compression, {@code fory-registered+zstd}: the one
 * definition of those bytes, which scripts/migrate.sh writes and an application reads and writes, in
 * {@code RedisTemplate}, {@code RedisCacheConfiguration.serializeValuesWith} or Spring Session, alone or as the
 * written side of a {@link MigratingSerializer}:
 *
 * <pre>{@code
 * RedisSerializer<Object> values = new MigratingSerializer<>(
 *     ObjectFormats.encoding("fory-registered+zstd", loader, Path.of("registrations.txt"), null),
 *     Encoding.of(Signature.header(ValueFormat.JDK), new JdkSerializationRedisSerializer(loader)));
 * }</pre>
 *
 * A compressed value is this project's compression tag, then the compressed bytes; an uncompressed one in a format
 * with no header of its own (Kryo, Fory) starts with its format tag, so that it is told from any other by its first
 * byte.
 */
public final class ObjectFormats {

	/** The most bytes a compressed value may decompress to: what one value may be written as. */
	public static final int MAX_VALUE_BYTES = ObjectKryo.MAX_BYTES;

	/**
	 * A format and its compression, as {@code --to} and an application name it.
	 *
	 * @throws IllegalArgumentException for an unknown or unwritable format or compression, in one line
	 */
	public record Choice(ObjectFormat format, Compression compression) {

		public static Choice parse(String text) {
			int plus = text.indexOf('+');
			ObjectFormat format = ObjectFormat.byId(plus < 0 ? text : text.substring(0, plus));
			return new Choice(format, plus < 0 ? Compression.NONE : Compression.parse(text.substring(plus + 1)));
		}

		@Override
		public String toString() {
			return this.compression == Compression.NONE ? this.format.id() : this.format.id() + "+" + this.compression;
		}

	}

	private ObjectFormats() {
	}

	/**
	 * What an application writes and reads.
	 *
	 * @param format e.g. {@code kryo-registered+zstd}
	 * @param registrations for a registering format, the file the migrator wrote ({@link RegistrationFile}); else
	 * {@code null}
	 * @param dictionary for {@code zstd-dict}, the dictionary file the migrator was given; else {@code null}
	 * @throws IllegalArgumentException for a format that is not writable, or a file it needs that is missing
	 */
	public static Encoding<Object> encoding(String format, ClassLoader loader, Path registrations, Path dictionary)
			throws IOException {
		Choice choice = Choice.parse(format);
		List<Class<?>> classes = List.of();
		if (choice.format().registers()) {
			if (registrations == null) {
				throw new IllegalArgumentException(choice + " needs the file of registered classes the migrator wrote");
			}
			classes = RegistrationFile.read(registrations, loader);
		}
		return encoding(choice, loader, classes, () -> {
			if (dictionary == null) {
				throw new IllegalArgumentException(choice + " needs the zstd dictionary file the migrator was given");
			}
			try {
				return Files.readAllBytes(dictionary);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
	}

	/** The serializer of {@link #encoding(String, ClassLoader, Path, Path)} alone, once every value is written so. */
	public static RedisSerializer<Object> serializer(String format, ClassLoader loader, Path registrations,
			Path dictionary) throws IOException {
		return encoding(format, loader, registrations, dictionary).serializer();
	}

	/**
	 * @param registrations the classes a registering format registers, in order (ignored by the others)
	 * @param dictionary asked for by {@code zstd-dict} only
	 */
	public static Encoding<Object> encoding(Choice choice, ClassLoader loader, List<Class<?>> registrations,
			Supplier<byte[]> dictionary) {
		return encoding(choice, Frame.COMPACT, choice.format().serializer(loader, registrations), dictionary);
	}

	/**
	 * What a service writes and reads ({@code value-format-spring-boot-starter}): as
	 * {@link #encoding(Choice, ClassLoader, List, Supplier)}, compressed in {@code frame}, JDK and Kryo reading only
	 * the allowed classes.
	 */
	public static Encoding<Object> encoding(Choice choice, Frame frame, AllowList allowed, ClassLoader loader,
			List<Class<?>> registrations, Supplier<byte[]> dictionary) {
		return encoding(choice, frame, choice.format().serializer(loader, registrations, allowed), dictionary);
	}

	private static Encoding<Object> encoding(Choice choice, Frame frame, RedisSerializer<Object> plain,
			Supplier<byte[]> dictionary) {
		ValueFormat header = choice.format().header();
		Encoding<Object> uncompressed = header.isFormatTagged() ? Encoding.tagged(header, plain)
				: Encoding.of(Signature.header(header), plain);
		return Encoding.compressed(plain, uncompressed, choice.compression(), frame, dictionary, MAX_VALUE_BYTES);
	}

}
