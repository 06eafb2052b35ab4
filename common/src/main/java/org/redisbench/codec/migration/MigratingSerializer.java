package org.redisbench.codec.migration;

import org.redisbench.codec.ValueFormat;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Writes one format and reads it and another, telling each value's format by its first bytes ({@link ValueFormat}), so
 * that a store can change format in place: values written before the change keep reading, every write is in the new
 * format. For {@code RedisTemplate}, {@code RedisCacheConfiguration.serializeValuesWith} and Spring Session's
 * {@code springSessionDefaultRedisSerializer} alike (docs/migrate.md).
 * <p>
 * The written format must be recognisable: a header of its own, this project's compression tag, or a format tag
 * ({@link Encoding#tagged}), and not the other format's. The format read beside may have no header at all
 * ({@link Encoding#headerless}): then it takes every value the written one does not, and a value that looks written
 * but does not decode so (a headerless value can start with any byte) is read as it.
 *
 * @param <T> the values' type
 */
public final class MigratingSerializer<T> implements RedisSerializer<T> {

	private final Encoding<T> written;

	private final Encoding<T> readAlso;

	private final boolean readAlsoHeaderless;

	/**
	 * @param written the new format: what every write stores
	 * @param readAlso the old format, read as well
	 * @throws IllegalArgumentException when the written format has no header, or both formats may start alike
	 */
	public MigratingSerializer(Encoding<T> written, Encoding<T> readAlso) {
		if (written.signature() instanceof Signature.None) {
			throw new IllegalArgumentException("the format written must be known by its bytes: give a format with no header"
					+ " its format tag (Encoding.tagged)");
		}
		this.readAlsoHeaderless = readAlso.signature() instanceof Signature.None;
		if (!this.readAlsoHeaderless && written.signature().overlaps(readAlso.signature())) {
			throw new IllegalArgumentException("values written as " + written.signature() + " and values read as "
					+ readAlso.signature() + " start alike: their bytes cannot tell them apart");
		}
		this.written = written;
		this.readAlso = readAlso;
	}

	@Override
	public byte[] serialize(T value) {
		return this.written.serializer().serialize(value);
	}

	/**
	 * @throws SerializationException naming the format found and the two read, when the value is of neither; or as
	 * the format's own serializer throws it
	 */
	@Override
	public T deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		ValueFormat found = ValueFormat.of(bytes);
		if (this.written.signature().matches(found, bytes)) {
			return this.readAlsoHeaderless ? writtenElseReadAlso(bytes, found) : this.written.serializer().deserialize(bytes);
		}
		if (this.readAlso.signature().matches(found, bytes)) {
			return this.readAlso.serializer().deserialize(bytes);
		}
		throw new SerializationException("value is " + describe(found, bytes) + "; this serializer reads "
				+ this.written.signature() + " (the format it writes) and " + this.readAlso.signature());
	}

	/** The format found, with the compression its tag names: what the signatures say, to compare them in an error. */
	private static String describe(ValueFormat found, byte[] bytes) {
		return ValueFormat.compressionOf(bytes).map((compression) -> found + " " + compression).orElse(found.id());
	}

	/** A value that looks written, when the other format has no header and so may start with the same bytes. */
	private T writtenElseReadAlso(byte[] bytes, ValueFormat found) {
		try {
			return this.written.serializer().deserialize(bytes);
		}
		catch (SerializationException writtenFailed) {
			try {
				return this.readAlso.serializer().deserialize(bytes);
			}
			catch (SerializationException readAlsoFailed) {
				SerializationException both = new SerializationException("value is " + describe(found, bytes)
						+ " but decodes neither as the format written (" + writtenFailed.getMessage()
						+ ") nor as the one read beside it, which has no header (" + readAlsoFailed.getMessage() + ")",
						writtenFailed);
				both.addSuppressed(readAlsoFailed);
				throw both;
			}
		}
	}

	@Override
	public Class<?> getTargetType() {
		return this.written.serializer().getTargetType();
	}

	/** What the serializer writes and reads, for a log line or a startup failure. */
	@Override
	public String toString() {
		return "writes " + this.written.signature() + ", reads it and " + this.readAlso.signature();
	}

}
