package org.redisbench.valueformat.starter;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToIntFunction;

import org.redisbench.valueformat.readboth.MigratingSerializer;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The service's values: written in one format, read in it and, during a switch, in the one written before; each value
 * read counted by the format it was in, so that the old format's count standing still says the switch is over. The one
 * way a codec, compressed ({@link StoredFormat}), becomes what a store reads and writes through: the starter's
 * {@code value-format.*} formats, and this project's apps' persons (their {@code bench.*} settings).
 *
 * @param <T> the values' type
 */
public final class ValueFormatSerializer<T> implements RedisSerializer<T> {

	private final RedisSerializer<T> serializer;

	private final List<String> formats;

	/** The index in {@link #formats} of a value's format, told by its first bytes; asked only of values read. */
	private final ToIntFunction<byte[]> formatOf;

	private final LongAdder[] reads;

	private ValueFormatSerializer(RedisSerializer<T> serializer, List<String> formats,
			ToIntFunction<byte[]> formatOf) {
		this.serializer = serializer;
		this.formats = formats;
		this.formatOf = formatOf;
		this.reads = formats.stream().map((format) -> new LongAdder()).toArray(LongAdder[]::new);
	}

	/** One format, written and read. */
	public static <T> ValueFormatSerializer<T> alone(StoredFormat<T> format) {
		return new ValueFormatSerializer<>(format.encoding().serializer(), List.of(format.name()), (value) -> 0);
	}

	/**
	 * @param written the format every value is written in
	 * @param readAlso the format read beside it
	 * @throws IllegalArgumentException when the written format has no header, or both may start alike
	 * ({@link MigratingSerializer})
	 */
	public static <T> ValueFormatSerializer<T> readingBoth(StoredFormat<T> written, StoredFormat<T> readAlso) {
		MigratingSerializer<T> both = new MigratingSerializer<>(written.encoding(), readAlso.encoding());
		return new ValueFormatSerializer<>(both, List.of(written.name(), readAlso.name()),
				(value) -> (both.detect(value) == MigratingSerializer.Detected.WRITTEN) ? 0 : 1);
	}

	@Override
	public byte[] serialize(T value) {
		return this.serializer.serialize(value);
	}

	@Override
	public T deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		LongAdder reads = readsOf(bytes);
		T value = this.serializer.deserialize(bytes);
		reads.increment();
		return value;
	}

	/** The count of a value's format; package-private for StarterCost, which times the starter's own work. */
	LongAdder readsOf(byte[] value) {
		return this.reads[this.formatOf.applyAsInt(value)];
	}

	/** The formats read, the written one first. */
	public List<String> formats() {
		return this.formats;
	}

	/** How many values of the {@link #formats() format} at this index were read since the start. */
	public long reads(int format) {
		return this.reads[format].sum();
	}

	@Override
	public String toString() {
		return (this.formats.size() == 1) ? "writes and reads " + this.formats.get(0)
				: "writes " + this.formats.get(0) + ", reads it and " + this.formats.get(1);
	}

}
