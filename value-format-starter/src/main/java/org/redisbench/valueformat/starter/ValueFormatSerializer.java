package org.redisbench.valueformat.starter;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToIntFunction;

import org.redisbench.valueformat.readboth.MigratingSerializer;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The service's values: written in one format, read in it and, during a switch, in the one written before; each value
 * read counted by the format it was in, so that the old format's count standing still says the switch is over.
 */
public final class ValueFormatSerializer implements RedisSerializer<Object> {

	private final RedisSerializer<Object> serializer;

	private final List<String> formats;

	/** The index in {@link #formats} of a value's format, told by its first bytes; asked only of values read. */
	private final ToIntFunction<byte[]> formatOf;

	private final LongAdder[] reads;

	private ValueFormatSerializer(RedisSerializer<Object> serializer, List<String> formats,
			ToIntFunction<byte[]> formatOf) {
		this.serializer = serializer;
		this.formats = formats;
		this.formatOf = formatOf;
		this.reads = formats.stream().map((format) -> new LongAdder()).toArray(LongAdder[]::new);
	}

	/** One format, written and read. */
	static ValueFormatSerializer alone(String format, RedisSerializer<Object> serializer) {
		return new ValueFormatSerializer(serializer, List.of(format), (value) -> 0);
	}

	/**
	 * @param written the format written, by the name the service sets it
	 * @param readAlso the format read beside it
	 */
	static ValueFormatSerializer readingBoth(MigratingSerializer<Object> both, String written, String readAlso) {
		return new ValueFormatSerializer(both, List.of(written, readAlso),
				(value) -> (both.detect(value) == MigratingSerializer.Detected.WRITTEN) ? 0 : 1);
	}

	@Override
	public byte[] serialize(Object value) {
		return this.serializer.serialize(value);
	}

	@Override
	public Object deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		LongAdder reads = readsOf(bytes);
		Object value = this.serializer.deserialize(bytes);
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
