package org.redisbench.codecs;

import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Every way this project can store a {@link Person}: the apps pick theirs in their main class, the codec
 * lab measures them all. Each codec is one {@link RedisSerializer} class in this package.
 */
public enum PersonCodec {

	FASTJSON2("fastjson2", Fastjson2PersonSerializer::new,
			"fastjson2 " + LibraryVersions.of("fastjson2") + ", UTF-8 JSON text, no @type followed, unknown fields refused"),

	KRYO("kryo", KryoPersonSerializer::new, "Kryo " + LibraryVersions.of("kryo")
			+ ", Person registered, FieldSerializer, references off, no class name in value"),

	KRYO_HANDWRITTEN("kryo-handwritten", KryoPersonSerializer::handwritten, "Kryo " + LibraryVersions.of("kryo")
			+ ", Person registered with a hand-written Serializer, references off, no class name in value"),

	JACKSON_JSON("jackson-json", JacksonJsonPersonSerializer::new, "Spring Data " + LibraryVersions.of("spring-data")
			+ " JacksonJsonRedisSerializer(Person.class), Jackson " + LibraryVersions.of("jackson")
			+ " JsonMapper.shared() defaults (unknown properties ignored), no default typing, UTF-8 JSON text"),

	JDK("jdk", JdkPersonSerializer::new, "JDK serialization through Spring Data JdkSerializationRedisSerializer, "
			+ "an ObjectInputFilter per stream: " + JdkPersonSerializer.FILTER_PATTERN),

	PROTOBUF("protobuf", ProtobufPersonSerializer::new, "protobuf-java " + LibraryVersions.of("protobuf")
			+ ", proto3 PersonMessage compiled by protoc at the same version, 7 tagged fields, absent for null,"
			+ " unknown fields refused"),

	MSGPACK("msgpack", MsgpackPersonSerializer::new, "msgpack-core " + LibraryVersions.of("msgpack")
			+ ", hand-mapped: an array of the 7 fields in declaration order, nil for null, no field names"),

	SMILE("smile", SmilePersonSerializer::new, "Jackson " + LibraryVersions.of("jackson")
			+ " Smile, SmileMapper defaults (header, shared names) with field names, typed Person, no default typing,"
			+ " unknown fields refused"),

	FST("fst", FstPersonSerializer::new, "FST " + LibraryVersions.of("fst")
			+ ", bare configuration: Person registered by id, references off, reader limited to a person's shape; needs "
			+ FstPersonSerializer.REQUIRED_FLAGS, FstPersonSerializer::availability),

	FORY("fory", ForyPersonSerializer::new, "Apache Fory " + LibraryVersions.of("fory")
			+ ", Java-native format, Person registered, references off, schema-consistent (not the default compatible"
			+ " mode), generated serializer, compressed numbers");

	private final String id;

	private final Supplier<Availability> availability;

	private final Supplier<RedisSerializer<Person>> factory;

	private final String configuration;

	PersonCodec(String id, Supplier<RedisSerializer<Person>> factory, String configuration) {
		this(id, factory, configuration, Availability.Available::new);
	}

	/** A codec that can run only on some JVMs or with some flags: {@code availability} tells, asked when needed. */
	PersonCodec(String id, Supplier<RedisSerializer<Person>> factory, String configuration,
			Supplier<Availability> availability) {
		this.id = id;
		this.availability = availability;
		this.factory = () -> {
			if (availability.get() instanceof Availability.Unavailable unavailable) {
				throw new IllegalStateException(id + " is unavailable: " + unavailable.why());
			}
			return factory.get();
		};
		this.configuration = configuration;
	}

	PersonCodec(String id, Availability.Unavailable unavailable) {
		this.id = id;
		this.availability = () -> unavailable;
		this.factory = () -> {
			throw new IllegalStateException(id + " is unavailable: " + unavailable.why());
		};
		this.configuration = "unavailable: " + unavailable.why();
	}

	/** The codec's name on command lines and in reports. */
	public String id() {
		return this.id;
	}

	public static PersonCodec byId(String id) {
		return Arrays.stream(values())
			.filter((codec) -> codec.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no codec '" + id + "'; the codecs are "
					+ Arrays.stream(values()).map(PersonCodec::id).collect(Collectors.joining(", "))));
	}

	public Availability availability() {
		return this.availability.get();
	}

	/**
	 * A new serializer, safe to share between threads.
	 * @throws IllegalStateException when the codec is unavailable, saying why
	 */
	public RedisSerializer<Person> newSerializer() {
		return this.factory.get();
	}

	/** One line: how the codec is configured, so a figure can be read for what it measured. */
	public String configuration() {
		return this.configuration;
	}

	private static Availability.Unavailable notWrittenYet() {
		return new Availability.Unavailable("not written yet");
	}

}
