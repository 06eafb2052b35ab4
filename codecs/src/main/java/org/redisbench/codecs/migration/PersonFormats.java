package org.redisbench.codecs.migration;

import java.util.Arrays;
import java.util.function.Supplier;

import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.valueformat.readboth.Signature;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.valueformat.starter.StoredFormat;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * What each codec's persons start with, and so how a {@link MigratingSerializer} tells two codecs' values apart: the
 * byte map of docs/migrate.md, for this project's codecs.
 */
public final class PersonFormats {

	/** One person, so that two codecs' bytes for it can be compared. */
	private static final Person SAMPLE = PersonFactory.create(1, 0);

	private PersonFormats() {
	}

	/** The header a codec's values carry; for a codec with none, the format tag written before them to tell them. */
	public static ValueFormat of(PersonCodec codec) {
		return switch (codec) {
			case FASTJSON2, JACKSON_JSON -> ValueFormat.JSON;
			case KRYO, KRYO_HANDWRITTEN -> ValueFormat.KRYO_TAGGED;
			case JDK -> ValueFormat.JDK;
			case PROTOBUF -> ValueFormat.PROTOBUF_TAGGED;
			case MSGPACK -> ValueFormat.MSGPACK_TAGGED;
			case SMILE -> ValueFormat.SMILE;
			case FST -> ValueFormat.FST_TAGGED;
			case FORY -> ValueFormat.FORY_TAGGED;
		};
	}

	/**
	 * A codec's values as an app stores them without a migration: after the compression tag, or with the codec's own
	 * header, or with none.
	 * @param serializer the codec, compressed with {@code compression}
	 */
	public static Encoding<Person> asStored(PersonCodec codec, Compression compression, RedisSerializer<Person> serializer) {
		return (compression != Compression.NONE) ? Encoding.of(Signature.compressed(compression), serializer)
				: uncompressed(codec, serializer);
	}

	/**
	 * A codec's persons as an app stores them: in the compression's compact frame, the apps' since before there was
	 * another, each value decompressing to at most {@link Compressions#MAX_LENGTH} bytes.
	 * @param dictionary asked for by {@code zstd-dict} only
	 */
	public static StoredFormat<Person> stored(PersonCodec codec, Compression compression, Supplier<byte[]> dictionary) {
		RedisSerializer<Person> plain = codec.newSerializer();
		return StoredFormat.of(codec.id(), plain, uncompressed(codec, plain), compression, Frame.COMPACT, dictionary,
				Compressions.MAX_LENGTH);
	}

	/** A codec's values uncompressed: with its header, or with none. */
	private static Encoding<Person> uncompressed(PersonCodec codec, RedisSerializer<Person> serializer) {
		ValueFormat format = of(codec);
		if (format.isFormatTagged()) {
			return Encoding.headerless(serializer);
		}
		// A person is never written as typed JSON, so its JSON needs no telling apart from it: any JSON text is the
		// codec's, and a reading-both serializer decides by the first byte alone (no scan for an @class property).
		return Encoding.of((format == ValueFormat.JSON) ? Signature.json() : Signature.header(format), serializer);
	}

	/**
	 * What a migration away from {@code readAlso} writes: the values as an app stores them when their first bytes tell
	 * them from {@code readAlso}'s, else after the codec's format tag.
	 * @param serializer the codec, compressed with {@code compression}
	 * @throws IllegalArgumentException when the two start alike and the codec has a header of its own, so no tag
	 */
	public static Encoding<Person> toWrite(PersonCodec codec, Compression compression, RedisSerializer<Person> serializer,
			Signature readAlso) {
		Encoding<Person> stored = asStored(codec, compression, serializer);
		boolean known = !(stored.signature() instanceof Signature.None);
		if (known && (readAlso instanceof Signature.None || !stored.signature().overlaps(readAlso))) {
			return stored;
		}
		ValueFormat format = of(codec);
		if (!format.isFormatTagged()) {
			throw new IllegalArgumentException(label(codec, compression) + " and the format read beside it (" + readAlso
					+ ") start alike, and " + codec.id() + " has a header of its own, no format tag");
		}
		return Encoding.tagged(format, serializer);
	}

	/** A codec and its compression as {@code bench.read-also} names them: {@code jdk}, {@code fastjson2+gzip}. */
	public static String label(PersonCodec codec, Compression compression) {
		return codec.id() + ((compression == Compression.NONE) ? "" : "+" + compression);
	}

	/**
	 * The codec that writes what {@code codec} writes: an app's codec is one of {@link PersonCodec}'s, known here by
	 * its bytes for one person. Two codecs that write the same bytes (fastjson2 and jackson-json do) are one format.
	 * @throws IllegalArgumentException when it is none of them
	 */
	public static PersonCodec identify(RedisSerializer<Person> codec) {
		byte[] written = codec.serialize(SAMPLE);
		return Arrays.stream(PersonCodec.values())
			.filter((candidate) -> candidate.availability() instanceof Availability.Available)
			.filter((candidate) -> Arrays.equals(candidate.newSerializer().serialize(SAMPLE), written))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(codec.getClass().getName()
					+ " writes a person as none of PersonCodec's codecs does"));
	}

}
