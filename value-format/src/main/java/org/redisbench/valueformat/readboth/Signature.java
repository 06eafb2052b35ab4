package org.redisbench.valueformat.readboth;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.Compression;

/**
 * How a format's values are told from another format's by their first bytes, as {@link ValueFormat} reads them:
 * a header, this project's compression tag, or nothing at all.
 */
public sealed interface Signature {

	/**
	 * Values that start with the header of one of these formats: {@link ValueFormat#JDK}, {@link ValueFormat#SMILE},
	 * the frames, a format tag such as {@link ValueFormat#KRYO_TAGGED}; for JSON, {@link #json()}.
	 */
	static Signature header(ValueFormat first, ValueFormat... more) {
		return new Header(EnumSet.of(first, more));
	}

	/**
	 * JSON text, typed or not: Spring's typed JSON names the class of an object or a collection but writes a string,
	 * a number or a boolean as plain JSON, so a cache or a session holds both.
	 */
	static Signature json() {
		return header(ValueFormat.JSON, ValueFormat.TYPED_JSON);
	}

	/** This project's compressed values: the tag byte that names {@code compression}, then its bytes. */
	static Signature compressed(Compression compression) {
		return new CompressionTag(compression);
	}

	/**
	 * No header at all (Kryo, Fory, protobuf, MessagePack, FST as their libraries write them, or raw text): every
	 * value might be one. Only the format a serializer reads beside the one it writes may be so.
	 */
	static Signature none() {
		return new None();
	}

	/** Whether {@code value}, whose first bytes {@link ValueFormat#of} read as {@code found}, may be of this format. */
	boolean matches(ValueFormat found, byte[] value);

	/** Whether a value could match both: then they cannot be told apart by their bytes. */
	boolean overlaps(Signature other);

	/**
	 * Whether {@link #matches} needs typed JSON told from other JSON text, which reads past a JSON value's first
	 * character ({@link ValueFormat#of}); if not, {@link ValueFormat#ofTypedJsonAsJson} says the same.
	 */
	default boolean tellsTypedJsonFromJson() {
		return false;
	}

	/** Values starting with one of these headers. */
	record Header(Set<ValueFormat> formats) implements Signature {

		public Header {
			if (formats.contains(ValueFormat.UNKNOWN) || formats.contains(ValueFormat.TAGGED)) {
				throw new IllegalArgumentException("a header names a format: " + ValueFormat.UNKNOWN
						+ " is none, and this project's compressed values are Signature.compressed(...), not "
						+ ValueFormat.TAGGED);
			}
			formats = Collections.unmodifiableSet(EnumSet.copyOf(formats));
		}

		@Override
		public boolean matches(ValueFormat found, byte[] value) {
			return this.formats.contains(found);
		}

		@Override
		public boolean overlaps(Signature other) {
			return (other instanceof Header header) ? !Collections.disjoint(this.formats, header.formats)
					: other instanceof None;
		}

		/** A header of one of the two, not both: {@link #json()} takes both, a binary header neither. */
		@Override
		public boolean tellsTypedJsonFromJson() {
			return this.formats.contains(ValueFormat.JSON) != this.formats.contains(ValueFormat.TYPED_JSON);
		}

		@Override
		public String toString() {
			return this.formats.stream().map(ValueFormat::id).collect(Collectors.joining(" or "));
		}

	}

	/** This project's compressed values with one compression. */
	record CompressionTag(Compression compression) implements Signature {

		public CompressionTag {
			if (compression == Compression.NONE) {
				throw new IllegalArgumentException("values compressed with none have no compression tag: give their codec's"
						+ " signature");
			}
		}

		@Override
		public boolean matches(ValueFormat found, byte[] value) {
			return found == ValueFormat.TAGGED && ValueFormat.compressionOf(value).orElse(null) == this.compression;
		}

		@Override
		public boolean overlaps(Signature other) {
			return (other instanceof CompressionTag tag) ? tag.compression == this.compression : other instanceof None;
		}

		@Override
		public String toString() {
			return ValueFormat.TAGGED.id() + " " + this.compression;
		}

	}

	/** No header: any value. */
	record None() implements Signature {

		@Override
		public boolean matches(ValueFormat found, byte[] value) {
			return true;
		}

		@Override
		public boolean overlaps(Signature other) {
			return true;
		}

		@Override
		public String toString() {
			return "no header";
		}

	}

}
