package org.redisbench.valueformat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.redisbench.valueformat.Compression;

/**
 * What a stored value's first bytes say it is, so that a reader can tell formats apart without a try-and-fail
 * decode: the value advisor counts a user's values by it, and a serializer that reads an old and a new format
 * picks its decoder by it. It reads at most a few dozen bytes, never the whole value. The verdict is what the
 * value looks like; whether it really decodes is its decoder's to say (a JSON verdict on a binary value that
 * happens to start with a digit is possible).
 * <p>
 * Kryo, Fory, protobuf, MessagePack and FST write no header, so a serializer that must tell their values from others'
 * writes one byte of its own before them: the format tags, {@code F1}-{@code F5}, which no header here starts with
 * ({@code 1F}, {@code 28}, {@code 04} and ASCII for the frames, Smile and JSON; {@code AC} for JDK; {@code C0}-{@code C4}
 * and {@code CA}-{@code CC} for this project's compression tag, compact and standard frames; {@code EF} for a UTF-8 byte
 * order mark). The byte map, with what each headerless
 * format may itself start with: docs/migrate.md.
 */
public enum ValueFormat {

	/** A JDK serialization stream ({@code ObjectOutputStream}: magic AC ED, version 00 05). */
	JDK("jdk"),

	/**
	 * JSON with a Java class named inside it, as Spring Data Redis's generic Jackson serializers write it: an object
	 * whose first property is {@code @class}, or a collection wrapped as {@code ["java.util.ArrayList",[...]]}.
	 */
	TYPED_JSON("typed-json"),

	/** Any other JSON text: an object, an array, a string, a number, true, false or null. */
	JSON("json"),

	/** A gzip member (RFC 1952: 1F 8B, then 08 for deflate). */
	GZIP("gzip"),

	/** A Zstandard frame (magic 28 B5 2F FD). */
	ZSTD("zstd"),

	/** An LZ4 frame (magic 04 22 4D 18); LZ4's block format has no header and reads as {@link #UNKNOWN}. */
	LZ4("lz4"),

	/** Jackson's Smile, with the header its mappers write by default (":)\n"). */
	SMILE("smile"),

	/**
	 * This project's compressed value: one tag byte naming the compression and its frame ({@link Compressions#tag}),
	 * then the compressed bytes, in the project's compact frame or a standard one ({@link Frame}).
	 */
	TAGGED("tagged"),

	/** Kryo's bytes after the format tag {@code F1}. */
	KRYO_TAGGED("kryo-tagged", 0xF1),

	/** Fory's bytes after the format tag {@code F2}. */
	FORY_TAGGED("fory-tagged", 0xF2),

	/** Protobuf's bytes after the format tag {@code F3}. */
	PROTOBUF_TAGGED("protobuf-tagged", 0xF3),

	/** MessagePack's bytes after the format tag {@code F4}. */
	MSGPACK_TAGGED("msgpack-tagged", 0xF4),

	/** FST's bytes after the format tag {@code F5}. */
	FST_TAGGED("fst-tagged", 0xF5),

	/** Bytes no header above names: Kryo, Fory, MessagePack, protobuf without their tag, text... */
	UNKNOWN("unknown");

	/** The high nibble of every format tag; the low one tells the format. */
	private static final int FORMAT_TAGS = 0xF0;

	/** The {@code formatTag} of a format recognised by a header of its own, or by none. */
	private static final int UNTAGGED = -1;

	private static final int[] UTF8_BOM = { 0xEF, 0xBB, 0xBF };

	private static final byte[] TYPE_PROPERTY = "\"@class\"".getBytes(StandardCharsets.US_ASCII);

	/**
	 * The formats known by a header of their own, each starting with a byte no other header, tag or JSON text does:
	 * ObjectOutputStream's magic and version, a gzip member of deflate, the Zstandard and LZ4 frames' magic, Smile's
	 * ":)\n".
	 */
	private static final Header[] HEADERS = { new Header(JDK, 0xAC, 0xED, 0x00, 0x05), new Header(GZIP, 0x1F, 0x8B, 0x08),
			new Header(ZSTD, 0x28, 0xB5, 0x2F, 0xFD), new Header(LZ4, 0x04, 0x22, 0x4D, 0x18),
			new Header(SMILE, ':', ')', '\n') };

	/** The longest class name a wrapper array is looked into for; a longer one reads as plain JSON. */
	private static final int MAX_CLASS_NAME = 256;

	/** Indexed by a format tag's low nibble: a lookup as cheap as the headers' compares, for every read. */
	private static final ValueFormat[] BY_FORMAT_TAG = new ValueFormat[16];

	/** {@link #ofFirstByte}'s answers, telling typed JSON from JSON. */
	private static final ValueFormat[] BY_FIRST_BYTE;

	/** {@link #ofFirstByte}'s answers, typed JSON read as JSON. */
	private static final ValueFormat[] BY_FIRST_BYTE_TYPED_AS_JSON;

	static {
		for (ValueFormat format : values()) {
			if (format.isFormatTagged()) {
				BY_FORMAT_TAG[format.formatTag & 0x0F] = format;
			}
		}
		BY_FIRST_BYTE = buildFirstByteTable(true);
		BY_FIRST_BYTE_TYPED_AS_JSON = buildFirstByteTable(false);
	}

	private final String id;

	private final int formatTag;

	ValueFormat(String id) {
		this(id, UNTAGGED);
	}

	ValueFormat(String id, int formatTag) {
		this.id = id;
		this.formatTag = formatTag;
	}

	/** The name reports and the advisor's advice.json use. */
	public String id() {
		return this.id;
	}

	@Override
	public String toString() {
		return this.id;
	}

	/** Whether this project writes the format's values after a format tag, {@link #formatTag()}. */
	public boolean isFormatTagged() {
		return this.formatTag != UNTAGGED;
	}

	/**
	 * The byte a value of this format starts with, before the format's own bytes.
	 * @throws IllegalStateException for a format recognised by a header of its own
	 */
	public byte formatTag() {
		if (!isFormatTagged()) {
			throw new IllegalStateException(this.id + " has a header of its own, no format tag");
		}
		return (byte) this.formatTag;
	}

	/** The compression a {@link #TAGGED} value's first byte names; empty for any other value. */
	public static Optional<Compression> compressionOf(byte[] value) {
		return (value == null || value.length < 2) ? Optional.empty() : Optional.ofNullable(Compressions.ofTag(value[0]));
	}

	/** The format a value's first bytes name; {@link #UNKNOWN} for {@code null} or empty. */
	public static ValueFormat of(byte[] value) {
		return of(value, true);
	}

	/**
	 * As {@link #of}, except that any JSON text is {@link #JSON}, {@link #TYPED_JSON} included: it reads the header
	 * and the JSON's first character only, not past an object's brace for an {@code @class} property or into an
	 * array's first string for a class name (a check docs/migrate.md measured at over 2% of a small JSON decode). For
	 * a reader to whom JSON and typed JSON are the same, or neither of its formats.
	 */
	public static ValueFormat ofTypedJsonAsJson(byte[] value) {
		return of(value, false);
	}

	/**
	 * The format of every value of two bytes or more that starts with {@code first}, where that byte alone says it;
	 * empty where the bytes after it decide: a header's first byte, white space or a byte order mark before JSON, and a
	 * brace or a bracket when typed JSON is told from JSON. What a reader that decides by the first byte alone may
	 * take in advance ({@code MigratingSerializer}).
	 *
	 * @param typedJson whether typed JSON is told from other JSON text, as {@link #of} does, or not, as
	 * {@link #ofTypedJsonAsJson} does
	 */
	public static Optional<ValueFormat> ofFirstByte(byte first, boolean typedJson) {
		return Optional.ofNullable(firstByteTable(typedJson)[first & 0xFF]);
	}

	/** @param typedJson whether to tell typed JSON from other JSON text */
	private static ValueFormat of(byte[] value, boolean typedJson) {
		if (value == null || value.length == 0) {
			return UNKNOWN;
		}
		if (value.length > 1) {
			ValueFormat byFirstByte = firstByteTable(typedJson)[value[0] & 0xFF];
			if (byFirstByte != null) {
				return byFirstByte;
			}
		}
		return ofAllBytes(value, typedJson);
	}

	/**
	 * The first-byte table: the format {@link #ofAllBytes} finds for a value of two bytes starting with each byte,
	 * where nothing past that byte is read (see {@link #ofFirstByte}); {@code null} elsewhere. Past those bytes,
	 * {@link #ofAllBytes} reads the first byte only: the tags are one byte, and JSON's first character names a
	 * string, a number, a literal or, told apart from typed JSON or not, a container.
	 */
	private static ValueFormat[] buildFirstByteTable(boolean typedJson) {
		ValueFormat[] table = new ValueFormat[256];
		for (int first = 0; first < table.length; first++) {
			boolean laterBytesDecide = isHeaderStart(first) || isSpace((byte) first) || first == UTF8_BOM[0]
					|| (typedJson && (first == '{' || first == '['));
			table[first] = laterBytesDecide ? null : ofAllBytes(new byte[] { (byte) first, 0 }, typedJson);
		}
		return table;
	}

	private static ValueFormat[] firstByteTable(boolean typedJson) {
		return typedJson ? BY_FIRST_BYTE : BY_FIRST_BYTE_TYPED_AS_JSON;
	}

	private static boolean isHeaderStart(int first) {
		for (Header header : HEADERS) {
			if (header.bytes[0] == first) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Every value's format read from its bytes, headers first; {@link #of} asks the first-byte table before.
	 * Package-private for the test that holds the table to it.
	 */
	static ValueFormat ofAllBytes(byte[] value, boolean typedJson) {
		// Each header starts with a byte of its own, no JSON text's: its first byte says which header to compare.
		for (Header header : HEADERS) {
			if ((value[0] & 0xFF) == header.bytes[0]) {
				return startsWith(value, header.bytes) ? header.format : UNKNOWN;
			}
		}
		return taggedOrJson(value, typedJson);
	}

	/** This project's one-byte tags, of a compression or a format, else JSON or nothing known. */
	private static ValueFormat taggedOrJson(byte[] value, boolean typedJson) {
		if (value.length > 1) {
			if (Compressions.ofTag(value[0]) != null) {
				return TAGGED;
			}
			ValueFormat tagged = ((value[0] & FORMAT_TAGS) == FORMAT_TAGS) ? BY_FORMAT_TAG[value[0] & 0x0F] : null;
			if (tagged != null) {
				return tagged;
			}
		}
		return json(value, typedJson);
	}

	private static ValueFormat json(byte[] value, boolean typedJson) {
		int at = skipSpace(value, startsWith(value, UTF8_BOM) ? 3 : 0);
		if (at == value.length) {
			return UNKNOWN;
		}
		return switch (value[at]) {
			case '{' -> typedJson && regionMatches(value, skipSpace(value, at + 1), TYPE_PROPERTY) ? TYPED_JSON : JSON;
			case '[' -> typedJson && wrapsClassName(value, skipSpace(value, at + 1)) ? TYPED_JSON : JSON;
			case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 't', 'f', 'n' -> JSON;
			default -> UNKNOWN;
		};
	}

	/** Whether a string that reads as a Java class name starts at {@code at}, followed by a comma. */
	private static boolean wrapsClassName(byte[] value, int at) {
		if (at >= value.length || value[at] != '"') {
			return false;
		}
		int end = at + 1;
		boolean dotted = false;
		while (end < value.length && end - at <= MAX_CLASS_NAME && value[end] != '"') {
			byte b = value[end];
			if (b == '.') {
				dotted = true;
			}
			else if (!(Character.isLetterOrDigit(b) || b == '_' || b == '$')) {
				return false;
			}
			end++;
		}
		if (end >= value.length || value[end] != '"' || !dotted) {
			return false;
		}
		int next = skipSpace(value, end + 1);
		return next < value.length && value[next] == ',';
	}

	private static int skipSpace(byte[] value, int from) {
		int at = from;
		while (at < value.length && isSpace(value[at])) {
			at++;
		}
		return at;
	}

	private static boolean isSpace(byte b) {
		return b == ' ' || b == '\t' || b == '\r' || b == '\n';
	}

	private static boolean startsWith(byte[] value, int[] prefix) {
		if (value.length < prefix.length) {
			return false;
		}
		for (int i = 0; i < prefix.length; i++) {
			if ((value[i] & 0xFF) != prefix[i]) {
				return false;
			}
		}
		return true;
	}

	private static boolean regionMatches(byte[] value, int at, byte[] expected) {
		if (at + expected.length > value.length) {
			return false;
		}
		for (int i = 0; i < expected.length; i++) {
			if (value[at + i] != expected[i]) {
				return false;
			}
		}
		return true;
	}

	/** A format's header: the bytes its every value starts with. */
	private record Header(ValueFormat format, int... bytes) {
	}

}
