package org.redisbench.codecs.migration;

import java.util.function.Supplier;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.Person;
import org.redisbench.valueformat.starter.StoredFormat;
import org.redisbench.valueformat.starter.ValueFormatSerializer;

/**
 * {@code bench.read-also=<codec>[+<compression>]}: an app reads persons of that codec and compression as well as its
 * own, and writes its own (docs/migrate.md). {@code zstd-dict} is refused: its values need the dictionary of the app
 * that wrote them, which is not this app's.
 *
 * @param codec the codec of the values read as well
 * @param compression their compression
 */
public record PersonReadAlso(PersonCodec codec, Compression compression) {

	public PersonReadAlso {
		if (compression == Compression.ZSTD_DICT) {
			throw new IllegalArgumentException("cannot read " + Compression.ZSTD_DICT
					+ " beside the app's own format: its values need the dictionary of the app that wrote them");
		}
	}

	/** @throws IllegalArgumentException naming what is wrong with {@code spec}, one line */
	public static PersonReadAlso parse(String spec) {
		if (spec == null || spec.isBlank()) {
			throw new IllegalArgumentException("bench.read-also must be <codec>[+<compression>], e.g. jdk or fastjson2+gzip,"
					+ " was empty");
		}
		int plus = spec.indexOf('+');
		try {
			PersonCodec codec = PersonCodec.byId((plus < 0) ? spec.strip() : spec.substring(0, plus).strip());
			Compression compression = (plus < 0) ? Compression.NONE : Compression.parse(spec.substring(plus + 1).strip());
			return new PersonReadAlso(codec, compression);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("bench.read-also=" + spec + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * The app's persons, read with these beside them, each read counted by its format.
	 *
	 * @param app the app's codec
	 * @param appCompression its {@code bench.compression}
	 * @param dictionary its {@code bench.zstd-dictionary}, asked for by {@code zstd-dict} only
	 */
	public ValueFormatSerializer<Person> around(PersonCodec app, Compression appCompression,
			Supplier<byte[]> dictionary) {
		return ValueFormatSerializer.readingBoth(written(app, appCompression, dictionary), stored());
	}

	/**
	 * The app's persons as it writes them beside these: as without {@code bench.read-also}, or that after its codec's
	 * format tag where the two would start alike.
	 *
	 * @throws IllegalArgumentException when the app writes these already, or the two cannot be told apart
	 */
	public StoredFormat<Person> written(PersonCodec app, Compression appCompression, Supplier<byte[]> dictionary) {
		// known by what it writes: jackson-json's persons are fastjson2's
		PersonCodec format = PersonFormats.identify(app.newSerializer());
		if (format == this.codec && appCompression == this.compression) {
			throw new IllegalArgumentException("bench.read-also=" + this + " is what this app writes already");
		}
		StoredFormat<Person> written = PersonFormats.stored(app, appCompression, dictionary);
		return written.writtenAs(PersonFormats.toWrite(format, appCompression, written.encoding().serializer(),
				stored().encoding().signature()));
	}

	/** These persons as their app stored them. */
	public StoredFormat<Person> stored() {
		return PersonFormats.stored(this.codec, this.compression, () -> {
			throw new IllegalStateException("no dictionary for " + this.compression);
		});
	}

	/** As {@code bench.read-also} writes it. */
	@Override
	public String toString() {
		return PersonFormats.label(this.codec, this.compression);
	}

}
