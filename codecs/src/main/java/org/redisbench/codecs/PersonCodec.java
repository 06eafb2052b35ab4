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

	PROTOBUF("protobuf", notWrittenYet()),

	MSGPACK("msgpack", notWrittenYet()),

	SMILE("smile", notWrittenYet()),

	FST("fst", notWrittenYet()),

	FORY("fory", notWrittenYet());

	private final String id;

	private final Availability availability;

	private final Supplier<RedisSerializer<Person>> factory;

	private final String configuration;

	PersonCodec(String id, Supplier<RedisSerializer<Person>> factory, String configuration) {
		this.id = id;
		this.availability = new Availability.Available();
		this.factory = factory;
		this.configuration = configuration;
	}

	PersonCodec(String id, Availability.Unavailable unavailable) {
		this.id = id;
		this.availability = unavailable;
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
		return this.availability;
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
