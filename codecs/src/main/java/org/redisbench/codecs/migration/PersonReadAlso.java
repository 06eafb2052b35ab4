package org.redisbench.codecs.migration;

import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.valueformat.readboth.ReadAlso;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * {@code bench.read-also=<codec>[+<compression>]}: an app reads persons of that codec and compression as well as its
 * own, and writes its own (docs/migrate.md). {@code zstd-dict} is refused: its values need the dictionary of the app
 * that wrote them, which is not this app's.
 *
 * @param codec the codec of the values read as well
 * @param compression their compression
 */
public record PersonReadAlso(PersonCodec codec, Compression compression) implements ReadAlso<Person> {

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

	@Override
	public MigratingSerializer<Person> around(RedisSerializer<Person> appCodec, Compression appCompression,
			RedisSerializer<Person> written) {
		PersonCodec app = PersonFormats.identify(appCodec);
		if (app == this.codec && appCompression == this.compression) {
			throw new IllegalArgumentException("bench.read-also=" + this + " is what this app writes already");
		}
		Encoding<Person> readAlso = PersonFormats.asStored(this.codec, this.compression,
				Compressions.wrap(this.compression, this.codec.newSerializer(), () -> {
					throw new IllegalStateException("no dictionary for " + this.compression);
				}));
		return new MigratingSerializer<>(PersonFormats.toWrite(app, appCompression, written, readAlso.signature()),
				readAlso);
	}

	/** As {@code bench.read-also} writes it. */
	@Override
	public String toString() {
		return PersonFormats.label(this.codec, this.compression);
	}

}
