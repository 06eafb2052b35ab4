package org.redisbench.migrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.codecs.migration.PersonFormats;
import org.redisbench.commandline.Refusal;
import org.redisbench.person.Person;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.objects.StarterSettings;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.valueformat.readboth.Signature;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The project's own persons, from one codec and compression to another ({@code jdk} to {@code kryo+zstd-dict}),
 * written exactly as an app with {@code bench.read-also} set to the old format writes them ({@link PersonFormats}),
 * so that the app reads every value whichever of the two wrote it, and a converted value is told by its first bytes
 * as the app tells it ({@link MigratingSerializer#detect}).
 * A value is converted only when the new bytes decode to a person equal to the original, field by field and md5
 * included ({@link Person#equals}).
 */
final class PersonConversion implements ValueConversion {

	/** A codec and its compression, as {@code --from} and {@code --to} name them. */
	record Side(PersonCodec codec, Compression compression) {

		static Side parse(String option, String text) {
			int plus = text.indexOf('+');
			try {
				PersonCodec codec = PersonCodec.byId(plus < 0 ? text : text.substring(0, plus));
				Compression compression = plus < 0 ? Compression.NONE : Compression.parse(text.substring(plus + 1));
				if (codec.availability() instanceof Availability.Unavailable unavailable) {
					throw new Refusal(option + " " + text + ": " + codec.id() + " is unavailable here: "
							+ unavailable.why());
				}
				return new Side(codec, compression);
			}
			catch (IllegalArgumentException ex) {
				throw new Refusal(option + " " + text + ": " + ex.getMessage());
			}
		}

		@Override
		public String toString() {
			return PersonFormats.label(this.codec, this.compression);
		}

	}

	private final Side from;

	private final Side to;

	private final Encoding<Person> source;

	private final Encoding<Person> target;

	/** What an app with {@code bench.read-also} set to the source reads and writes: how a value's format is told. */
	private final MigratingSerializer<Person> both;

	/** A source format with no header may start like the target's: such a value is the target's only if it decodes so. */
	private final boolean sourceHeaderless;

	private PersonConversion(Side from, Side to, Encoding<Person> source, Encoding<Person> target) {
		this.from = from;
		this.to = to;
		this.source = source;
		this.target = target;
		this.both = new MigratingSerializer<>(target, source);
		this.sourceHeaderless = source.signature() instanceof Signature.None;
	}

	/**
	 * @param fromDictionary, toDictionary the zstd dictionary of each side, needed only with {@code zstd-dict}: the
	 * file the app's {@code bench.zstd-dictionary} names
	 */
	static PersonConversion of(String fromText, String toText, Path fromDictionary, Path toDictionary) {
		Side from = Side.parse("--from", fromText);
		Side to = Side.parse("--to", toText);
		if (from.equals(to)) {
			throw new Refusal("--to " + to + " is what --from names: nothing to convert");
		}
		Encoding<Person> source = PersonFormats.asStored(from.codec(), from.compression(),
				serializer(from, fromDictionary, "--from-dictionary"));
		try {
			Encoding<Person> target = PersonFormats.toWrite(to.codec(), to.compression(),
					serializer(to, toDictionary, "--to-dictionary"), source.signature());
			return new PersonConversion(from, to, source, target);
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal("cannot convert " + from + " to " + to + ": " + ex.getMessage());
		}
	}

	private static RedisSerializer<Person> serializer(Side side, Path dictionary, String option) {
		Supplier<byte[]> bytes = () -> {
			if (dictionary == null) {
				throw new Refusal(side + " needs " + option + ": the zstd dictionary its app reads"
						+ " (bench.zstd-dictionary, e.g. " + side.codec().id() + "'s app's src/main/resources/person.zdict)");
			}
			try {
				return Files.readAllBytes(dictionary);
			}
			catch (IOException ex) {
				throw new Refusal(option + " " + dictionary + " cannot be read: " + ex.getMessage());
			}
		};
		return Compressions.wrap(side.compression(), side.codec().newSerializer(), bytes);
	}

	@Override
	public Disposition classify(byte[] value) {
		switch (this.both.detect(value)) {
			case WRITTEN:
				if (!this.sourceHeaderless || decode(this.target, value) instanceof Person) {
					return new Disposition.InTarget();
				}
				// a headerless source value that only looks like the target's: it is the source's
				return convert(value);
			case READ_ALSO:
				return convert(value);
			default:
				return new Disposition.Refused(Disposition.Reason.OTHER_FORMAT, ValueConversion.formatOf(value));
		}
	}

	private Disposition convert(byte[] value) {
		Person original;
		try {
			original = this.source.serializer().deserialize(value);
		}
		catch (RuntimeException ex) {
			return new Disposition.Refused(Disposition.Reason.DOES_NOT_DECODE, firstLine(ex));
		}
		if (original == null) {
			return new Disposition.Refused(Disposition.Reason.DOES_NOT_DECODE, "an empty value");
		}
		byte[] converted;
		try {
			converted = this.target.serializer().serialize(original);
		}
		catch (RuntimeException ex) {
			return new Disposition.Refused(Disposition.Reason.CANNOT_WRITE, firstLine(ex));
		}
		Object back = decode(this.target, converted);
		if (!(back instanceof Person person)) {
			return new Disposition.Refused(Disposition.Reason.READS_BACK_DIFFERENT, "does not decode: " + back);
		}
		if (!original.equals(person)) {
			return new Disposition.Refused(Disposition.Reason.READS_BACK_DIFFERENT, "differs in " + differences(original, person));
		}
		if (this.both.detect(converted) != MigratingSerializer.Detected.WRITTEN) {
			// PersonFormats.toWrite promises it; without it a resumed run could not tell a converted value
			throw new IllegalStateException(this.to + " wrote a value its signature " + this.target.signature()
					+ " does not match");
		}
		return new Disposition.Convert(converted);
	}

	@Override
	public boolean decodes(byte[] value) {
		return ValueConversion.readsBack(this.both, value);
	}

	/** The person, or the failure's first line. */
	private static Object decode(Encoding<Person> encoding, byte[] value) {
		try {
			Person person = encoding.serializer().deserialize(value);
			return person == null ? "an empty value" : person;
		}
		catch (RuntimeException ex) {
			return firstLine(ex);
		}
	}

	/** The fields that differ, by name only: a report must not copy a user's data. */
	private static String differences(Person a, Person b) {
		List<String> fields = new ArrayList<>();
		compare(fields, "id", a, b, Person::getId);
		compare(fields, "name", a, b, Person::getName);
		compare(fields, "address", a, b, Person::getAddress);
		compare(fields, "phone", a, b, Person::getPhone);
		compare(fields, "sex", a, b, Person::getSex);
		compare(fields, "age", a, b, Person::getAge);
		compare(fields, "md5", a, b, Person::getMd5);
		return String.join(", ", fields);
	}

	private static void compare(List<String> fields, String name, Person a, Person b, Function<Person, Object> field) {
		if (!Objects.equals(field.apply(a), field.apply(b))) {
			fields.add(name);
		}
	}

	static String firstLine(Throwable ex) {
		String message = ex.getClass().getSimpleName() + ": " + ex.getMessage();
		int newline = message.indexOf('\n');
		return newline < 0 ? message : message.substring(0, newline);
	}

	/** The project's persons are read by its apps, through {@code bench.read-also}, not a service's starter. */
	@Override
	public StarterSettings service(MigrateOptions options) {
		return StarterSettings.notWritten("PersonCodec's " + this.to, "its formats are a service's own objects, and"
				+ " this project's apps read these persons beside " + this.to + " with bench.read-also=" + this.from
				+ " (docs/migrate.md)");
	}

	@Override
	public String from() {
		return this.from.toString();
	}

	@Override
	public String to() {
		return this.to.toString();
	}

}
