package org.redisbench.valueformat.readboth;

import org.redisbench.valueformat.ValueFormat;

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
	 * Whether {@link #detect} must tell typed JSON from other JSON: only when one side's header names one of the two
	 * alone. Otherwise a value's first bytes decide, without the typed-JSON check past a brace or a bracket, which
	 * cost small plain-JSON values over 2% of their decode.
	 */
	private final boolean tellsTypedJson;

	/**
	 * What {@link #detect} says of a value of two bytes or more, by its first byte, where that byte alone decides
	 * ({@link ValueFormat#ofFirstByte}); {@code null} where it reads on. A small JSON person's detection fell from 2.0 ns
	 * through the signatures (2.2% of its 91-ns decode) to 0.23 ns (docs/migrate.md).
	 */
	private final Detected[] byFirstByte = new Detected[256];

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
		this.tellsTypedJson = written.signature().tellsTypedJsonFromJson()
				|| readAlso.signature().tellsTypedJsonFromJson();
		for (int first = 0; first < this.byFirstByte.length; first++) {
			// a two-byte value starting with it stands for them all: a signature reads no more than the first byte
			byte[] value = { (byte) first, 0 };
			this.byFirstByte[first] = ValueFormat.ofFirstByte(value[0], this.tellsTypedJson)
				.map((found) -> classify(found, value))
				.orElse(null);
		}
	}

	/** Whether {@link #detect} tells typed JSON from other JSON, reading past a brace; for the tests. */
	boolean tellsTypedJson() {
		return this.tellsTypedJson;
	}

	/** What the values written start with; for the tests. */
	Signature written() {
		return this.written.signature();
	}

	/** What the values read beside start with; for the tests. */
	Signature readAlso() {
		return this.readAlso.signature();
	}

	@Override
	public byte[] serialize(T value) {
		return this.written.serializer().serialize(value);
	}

	/**
	 * Which format {@code value}'s first bytes say it is in, without decoding it: how {@link #deserialize} reads it,
	 * except that beside a format with no header, a value that looks written but does not decode so is read as that
	 * format. What a tool that rewrites a store's values in place asks first.
	 */
	public Detected detect(byte[] value) {
		Detected byFirstByte = (value.length > 1) ? this.byFirstByte[value[0] & 0xFF] : null;
		if (byFirstByte != null) {
			return byFirstByte;
		}
		return classify(this.tellsTypedJson ? ValueFormat.of(value) : ValueFormat.ofTypedJsonAsJson(value), value);
	}

	private Detected classify(ValueFormat found, byte[] value) {
		if (this.written.signature().matches(found, value)) {
			return Detected.WRITTEN;
		}
		return this.readAlso.signature().matches(found, value) ? Detected.READ_ALSO : Detected.NEITHER;
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
		return switch (detect(bytes)) {
			case WRITTEN -> this.readAlsoHeaderless ? writtenElseReadAlso(bytes) : this.written.serializer().deserialize(bytes);
			case READ_ALSO -> this.readAlso.serializer().deserialize(bytes);
			case NEITHER -> throw new SerializationException("value is " + describe(bytes) + "; this serializer reads "
					+ this.written.signature() + " (the format it writes) and " + this.readAlso.signature());
		};
	}

	/** The format found, with the compression its tag names: what the signatures say, to compare them in an error. */
	private static String describe(byte[] bytes) {
		ValueFormat found = ValueFormat.of(bytes);
		return ValueFormat.compressionOf(bytes).map((compression) -> found + " " + compression).orElse(found.id());
	}

	/** A value that looks written, when the other format has no header and so may start with the same bytes. */
	private T writtenElseReadAlso(byte[] bytes) {
		try {
			return this.written.serializer().deserialize(bytes);
		}
		catch (SerializationException writtenFailed) {
			try {
				return this.readAlso.serializer().deserialize(bytes);
			}
			catch (SerializationException readAlsoFailed) {
				SerializationException both = new SerializationException("value is " + describe(bytes)
						+ " but decodes neither as the format written (" + writtenFailed.getMessage()
						+ ") nor as the one read beside it, which has no header (" + readAlsoFailed.getMessage() + ")",
						writtenFailed);
				both.addSuppressed(readAlsoFailed);
				throw both;
			}
		}
	}

	/** Which of its two formats a value's first bytes say it is in. */
	public enum Detected {

		/** The format the serializer writes. */
		WRITTEN,

		/** The format it reads as well. */
		READ_ALSO,

		/** Neither: reading it fails, naming what it is. */
		NEITHER

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
