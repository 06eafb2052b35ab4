package org.redisbench.migrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.redisbench.commandline.Refusal;
import org.redisbench.objectreading.decode.AllowOption;
import org.redisbench.objectreading.decode.ClassPolicy;
import org.redisbench.objectreading.decode.Outcome;
import org.redisbench.objectreading.decode.UserClasspath;
import org.redisbench.objectreading.decode.ValueDecoder;
import org.redisbench.objectreading.objects.CannotCarry;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ObjectCodec;
import org.redisbench.objectreading.objects.ObjectSample;
import org.redisbench.objectreading.objects.StructuralDiff;
import org.redisbench.objectreading.objects.TypedConversion;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.AllowList;
import org.redisbench.valueformat.objects.ObjectFormat;
import org.redisbench.valueformat.objects.ObjectFormats;
import org.redisbench.valueformat.objects.RegistrationFile;
import org.redisbench.valueformat.objects.ServiceFormat;
import org.redisbench.valueformat.objects.StarterSettings;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.valueformat.readboth.Signature;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A user's own objects ({@code --classpath}, {@code --allow}), from JDK serialization or Spring's typed JSON to an
 * {@link ObjectFormat} and a compression, written with codecs' {@link ObjectFormats}: the serializer an application
 * reads them with, so that what it reads is what was written. Each value is read by the value advisor's safe
 * readers ({@link ValueDecoder}: the allow list checked before a class is loaded, an {@code ObjectInputFilter}, the
 * stream limits), written, read back and compared with {@link StructuralDiff}, never {@code equals()}; a value
 * that differs is left and counted with its first difference as the advisor writes it by default
 * ({@link Disclosure#HIDDEN}: where, and the classes and shapes, never the values).
 * <p>
 * A registering format's classes come from {@code --registrations}: the file the application reads too. A dry run
 * without it lists the classes of every value it decodes, writes the file (sorted by name, as the advisor's
 * {@code kryo-registered} lists them) and projects with it; a writing run needs it.
 */
final class ObjectConversion implements ValueConversion {

	/** What {@code --from} names: the formats the advisor's readers read safely. */
	enum Source {

		JDK("jdk", ValueFormat.JDK, Signature.header(ValueFormat.JDK)),

		JACKSON_TYPED("jackson-typed", ValueFormat.TYPED_JSON, Signature.json());

		final String id;

		final ValueFormat format;

		final Signature signature;

		Source(String id, ValueFormat format, Signature signature) {
			this.id = id;
			this.format = format;
			this.signature = signature;
		}

		static Source parse(String text) {
			for (Source source : values()) {
				if (source.id.equals(text)) {
					return source;
				}
			}
			throw new Refusal("--from " + text + ": a user's objects are read from jdk or jackson-typed");
		}

	}

	private final Source from;

	private final ObjectFormats.Choice to;

	private final ClassLoader loader;

	private final ValueDecoder decoder;

	private final Encoding<Object> target;

	/** The target as the advisor's candidates are tried: its own bytes, tag and compression included. */
	private final ObjectCodec codec;

	/** The application's serializer for the switch: writes the target, reads it and the source. */
	private final MigratingSerializer<Object> both;

	private final Path registrations;

	private final AllowList allow;

	/** While a dry run lists what a registering format is to register: every decoded value's classes; else null. */
	private final Set<Class<?>> seen;

	private final Supplier<byte[]> dictionary;

	/**
	 * What the report and the checkpoint call the target: with a registering format, a digest of its registrations,
	 * so that a run resumed with another list (which would number the classes otherwise) is refused as another
	 * migration.
	 */
	private final String label;

	/**
	 * @param allow the service's allow list: the target is written and read back as the starter's serializer does
	 * (the same bytes as the advisor's; only it reads the JDK's unmodifiable collections back, which Spring Security's
	 * context holds), so that a value is converted only when the service will read it
	 */
	private ObjectConversion(Source from, ObjectFormats.Choice to, AllowList allow, ClassLoader loader,
			ValueDecoder decoder, Path registrations, List<Class<?>> registered, boolean listing,
			Supplier<byte[]> dictionary) {
		this.from = from;
		this.to = to;
		this.allow = allow;
		this.loader = loader;
		this.decoder = decoder;
		this.registrations = registrations;
		this.dictionary = dictionary;
		this.seen = listing ? new TreeSet<>(Comparator.comparing(Class::getName)) : null;
		this.label = to.format().registers() && !listing ? to + " (registrations " + digest(registered) + ")"
				: to.toString();
		try {
			this.target = ObjectFormats.encoding(to, Frame.COMPACT, allow, loader, registered, dictionary);
			this.both = new MigratingSerializer<>(this.target, Encoding.of(from.signature, new SourceReader()));
			this.codec = new TargetCodec();
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal("cannot convert " + from.id + " to " + to + ": " + ex.getMessage());
		}
	}

	/** @throws Refusal for bad options, in one line */
	static ObjectConversion of(MigrateOptions options) {
		Source from = Source.parse(options.from());
		ObjectFormats.Choice to;
		try {
			to = ObjectFormats.Choice.parse(options.to());
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal("--to " + options.to() + ": " + ex.getMessage());
		}
		if (from == Source.JDK && to.format() == ObjectFormat.JDK && to.compression() == Compression.NONE) {
			throw new Refusal("--to " + to + " is what --from names: nothing to convert");
		}
		if (options.allow().isEmpty()) {
			throw new Refusal("give --allow: the classes the values may be built of, as the advisor takes them");
		}
		if (options.fromDictionary() != null) {
			throw new Refusal("--from-dictionary is for the project's persons: --from " + from.id
					+ " has no compression");
		}
		AllowList allow = AllowOption.parse(options.allow());
		ClassLoader loader = UserClasspath.of(options.classpath(), ObjectConversion.class.getClassLoader()).loader();
		ValueDecoder decoder = new ValueDecoder(new ClassPolicy(allow, loader), loader, options.maxValueBytes());
		Supplier<byte[]> dictionary = () -> dictionary(to, options.toDictionary());
		Path file = options.registrations();
		if (!to.format().registers()) {
			if (file != null) {
				throw new Refusal("--registrations is for kryo-registered and fory-registered: " + to
						+ " registers no class");
			}
			return new ObjectConversion(from, to, allow, loader, decoder, null, List.of(), false, dictionary);
		}
		if (file == null) {
			throw new Refusal(to + " needs --registrations FILE: the classes it registers, in order, which the"
					+ " application registers too (a dry run writes it)");
		}
		if (Files.exists(file)) {
			return new ObjectConversion(from, to, allow, loader, decoder, file, read(file, loader), false, dictionary);
		}
		if (options.mode() != MigrateOptions.Mode.DRY_RUN) {
			throw new Refusal("--registrations " + file + " does not exist: a dry run writes it from the values"
					+ " it reads (run one first), or give the application's own list");
		}
		// listing: the walk's verdicts come from the format without registrations (the same library, class names
		// in place of ids); the projection from the list written at its end (settled)
		return new ObjectConversion(from, to, allow, loader, decoder, file, List.of(), true, dictionary);
	}

	private static List<Class<?>> read(Path file, ClassLoader loader) {
		try {
			return RegistrationFile.read(file, loader);
		}
		catch (IOException ex) {
			throw new Refusal("--registrations " + file + " cannot be read: " + ex.getMessage());
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal("--registrations " + ex.getMessage());
		}
	}

	private static byte[] dictionary(ObjectFormats.Choice to, Path file) {
		if (file == null) {
			throw new Refusal(to + " needs --to-dictionary: the zstd dictionary file the application reads too");
		}
		try {
			return Files.readAllBytes(file);
		}
		catch (IOException ex) {
			throw new Refusal("--to-dictionary " + file + " cannot be read: " + ex.getMessage());
		}
	}

	/** Spring Session's attributes, a field each: converted field by field, as Spring Session reads them. */
	@Override
	public boolean hashFields() {
		return true;
	}

	/** Writes the classes a dry run listed to {@code --registrations}, and converts with them from here on. */
	@Override
	public ValueConversion settled() {
		if (this.seen == null) {
			return this;
		}
		List<Class<?>> classes = List.copyOf(this.seen);
		try {
			RegistrationFile.write(this.registrations, classes);
		}
		catch (IOException ex) {
			throw new Refusal("--registrations " + this.registrations + " cannot be written: " + ex.getMessage());
		}
		Migrator.say("wrote %s: the %,d classes %s registers, in order, for the writing run and the application",
				this.registrations, classes.size(), this.to);
		return new ObjectConversion(this.from, this.to, this.allow, this.loader, this.decoder, this.registrations,
				classes, false, this.dictionary);
	}

	@Override
	public Disposition classify(byte[] value) {
		return switch (this.both.detect(value)) {
			case WRITTEN -> new Disposition.InTarget();
			case READ_ALSO -> convert(value);
			case NEITHER -> new Disposition.Refused(Disposition.Reason.OTHER_FORMAT, ValueConversion.formatOf(value));
		};
	}

	private Disposition convert(byte[] value) {
		Outcome read = read(value);
		Object original;
		if (read instanceof Outcome.Decoded decoded) {
			original = decoded.value();
		}
		else {
			return refused(read);
		}
		ObjectSample sample = ObjectSample.of(List.of(original));
		if (this.seen != null) {
			this.seen.addAll(sample.registrations());
		}
		// the advisor's own test of a candidate on a value: a cycle or a lambda the format cannot carry is refused
		// before it is tried (Kryo without references would recurse until the stack ends), then written, read back
		// and compared
		TypedConversion.Outcome outcome = TypedConversion.of(this.codec, sample, Disclosure.HIDDEN).outcomes().get(0);
		if (outcome instanceof TypedConversion.NotCarried notCarried) {
			return new Disposition.Refused(Disposition.Reason.CANNOT_WRITE, notCarried.reason());
		}
		if (outcome instanceof TypedConversion.Changed changed) {
			return new Disposition.Refused(Disposition.Reason.READS_BACK_DIFFERENT, changed.firstDifference());
		}
		byte[] converted = ((TypedConversion.Faithful) outcome).bytes();
		if (this.both.detect(converted) != MigratingSerializer.Detected.WRITTEN) {
			// ObjectFormats promises it; without it a resumed run could not tell a converted value
			throw new IllegalStateException(this.to + " wrote a value its signature " + this.target.signature()
					+ " does not match");
		}
		return new Disposition.Convert(converted);
	}

	/** The source's object, through the advisor's safe reader. */
	private Outcome read(byte[] value) {
		ValueDecoder.Reading reading = this.decoder.read(value);
		if (reading.format() != this.from.format || reading.outcome() == null) {
			return new Outcome.Failed("is " + reading.format().id() + ", not " + this.from.id);
		}
		return reading.outcome();
	}

	/** A value not decoded, and why. */
	private static Disposition.Refused refused(Outcome outcome) {
		if (outcome instanceof Outcome.Refused refused) {
			return new Disposition.Refused(Disposition.Reason.NOT_ALLOWED, refused.className());
		}
		if (outcome instanceof Outcome.Missing missing) {
			return new Disposition.Refused(Disposition.Reason.CLASS_NOT_FOUND, missing.className());
		}
		return new Disposition.Refused(Disposition.Reason.DOES_NOT_DECODE, ((Outcome.Failed) outcome).reason());
	}

	@Override
	public boolean decodes(byte[] value) {
		return ValueConversion.readsBack(this.both, value);
	}

	/** The written format and the source's, as the service's starter reads them: a value's first bytes tell which. */
	@Override
	public StarterSettings service(MigrateOptions options) {
		return StarterSettings.of(new ServiceFormat.Objects(this.to),
				ServiceFormat.storedAs(this.from.format, Compression.NONE), List.of(options.allow().split(",")),
				Optional.ofNullable(this.registrations), Optional.ofNullable(options.toDictionary()));
	}

	@Override
	public String from() {
		return this.from.id;
	}

	@Override
	public String to() {
		return this.label;
	}

	/** The first 8 hex digits of the SHA-256 of the class names, one a line, in order. */
	private static String digest(List<Class<?>> classes) {
		StringBuilder names = new StringBuilder();
		classes.forEach((type) -> names.append(type.getName()).append('\n'));
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(names.toString().getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(hash, 0, 4);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JDK has SHA-256", ex);
		}
	}

	/** The target's serializer as an advisor's candidate: what it carries is decided as the advisor decides it. */
	private final class TargetCodec implements ObjectCodec {

		@Override
		public String id() {
			return ObjectConversion.this.to.toString();
		}

		@Override
		public byte[] encode(Object value) throws CannotCarry {
			try {
				return ObjectConversion.this.target.serializer().serialize(value);
			}
			catch (RuntimeException ex) {
				throw new CannotCarry(PersonConversion.firstLine(ex), ex);
			}
		}

		@Override
		public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
			try {
				return ObjectConversion.this.target.serializer().deserialize(bytes);
			}
			catch (RuntimeException ex) {
				throw new CannotCarry(PersonConversion.firstLine(ex), ex);
			}
		}

		@Override
		public boolean carriesCycles() {
			return ObjectConversion.this.to.format().carriesCycles();
		}

		@Override
		public boolean carriesLambdas() {
			return ObjectConversion.this.to.format().carriesLambdas();
		}

	}

	/** The source format as the migrator reads it: the advisor's safe reader, never a writer. */
	private final class SourceReader implements RedisSerializer<Object> {

		@Override
		public byte[] serialize(Object value) {
			throw new UnsupportedOperationException("the migrator never writes " + ObjectConversion.this.from.id);
		}

		@Override
		public Object deserialize(byte[] bytes) {
			if (bytes == null || bytes.length == 0) {
				return null;
			}
			Outcome outcome = read(bytes);
			if (outcome instanceof Outcome.Decoded decoded) {
				return decoded.value();
			}
			Disposition.Refused refused = refused(outcome);
			throw new SerializationException(refused.reason().label + ": " + refused.detail());
		}

	}

}
