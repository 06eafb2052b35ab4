package org.redisbench.valueformat.objects;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The formats a user's own objects can be rewritten in so that an application reads exactly what was written: each
 * one's configuration is defined once ({@link ObjectKryo}, {@link ObjectFory}, Spring's JDK serializer), and the
 * value advisor's typed candidates of the same id are built from it. The advisor's other candidates are not
 * writable, each for a reason {@link #byId} gives.
 */
public enum ObjectFormat {

	/** Java serialization as Spring Data Redis's {@link JdkSerializationRedisSerializer} writes it. */
	JDK(ObjectFormat.JDK_ID, ValueFormat.JDK),

	KRYO(ObjectFormat.KRYO_ID, ValueFormat.KRYO_TAGGED),

	KRYO_REGISTERED(ObjectFormat.KRYO_REGISTERED_ID, ValueFormat.KRYO_TAGGED),

	FORY(ObjectFormat.FORY_ID, ValueFormat.FORY_TAGGED),

	FORY_REGISTERED(ObjectFormat.FORY_REGISTERED_ID, ValueFormat.FORY_TAGGED);

	public static final String JDK_ID = "jdk";

	public static final String KRYO_ID = "kryo";

	public static final String KRYO_REGISTERED_ID = "kryo-registered";

	public static final String FORY_ID = "fory";

	public static final String FORY_REGISTERED_ID = "fory-registered";

	/** Why each other typed candidate of the advisor is not offered. */
	private static final String UNTYPED = "its bytes name no class, so reading a value back needs the type of each key,"
			+ " which a serializer for a cache or a session is not given";

	private static final Map<String, String> NOT_WRITABLE = Map.of("jackson-typed",
			"typed JSON is written by the application's own ObjectMapper (its modules, date, visibility and inclusion"
					+ " settings), which no file of the migrator's can hand it: bytes the migrator wrote may read"
					+ " differently there",
			"jackson", UNTYPED, "smile", UNTYPED, "cbor", UNTYPED, "msgpack", UNTYPED, "fastjson2", UNTYPED,
			"fastjson2-jsonb", UNTYPED);

	private final String id;

	private final ValueFormat header;

	ObjectFormat(String id, ValueFormat header) {
		this.id = id;
		this.header = header;
	}

	public String id() {
		return this.id;
	}

	/**
	 * What a value starts with when it is not compressed: JDK's stream header, or the format tag written before a
	 * format that has no header of its own.
	 */
	public ValueFormat header() {
		return this.header;
	}

	/** Whether the bytes depend on a list of registered classes ({@link RegistrationFile}). */
	public boolean registers() {
		return this == KRYO_REGISTERED || this == FORY_REGISTERED;
	}

	/**
	 * Whether a value whose graph holds a cycle can be written: only JDK serialization, since Kryo and Fory are set
	 * up with references off, and would recurse until the stack ends.
	 */
	public boolean carriesCycles() {
		return this == JDK;
	}

	/** Whether a serializable lambda a value holds is rebuilt: JDK serialization and Fory do, Kryo does not. */
	public boolean carriesLambdas() {
		return this == JDK || this == FORY || this == FORY_REGISTERED;
	}

	/**
	 * The format's serializer, without compression or format tag, reading only the allowed classes: the same bytes as
	 * {@link #serializer(ClassLoader, List)}. Each of JDK serialization, Kryo and Fory builds whatever class a value
	 * names (Fory's own deny list names only the gadgets it knows), so a reader given a stored value from elsewhere
	 * restricts them all with an {@link AllowList}.
	 */
	RedisSerializer<Object> serializer(ClassLoader loader, List<Class<?>> registrations, AllowList allowed) {
		List<Class<?>> classes = List.copyOf(registrations);
		return switch (this) {
			case JDK -> new AllowListJdkSerializer(loader, allowed);
			case KRYO -> new KryoObjectSerializer(() -> ObjectKryo.create(loader, List.of(), allowed));
			case KRYO_REGISTERED -> new KryoObjectSerializer(() -> ObjectKryo.create(loader, classes, allowed));
			case FORY -> new ForyObjectSerializer(() -> ObjectFory.create(loader, List.of(), allowed));
			case FORY_REGISTERED -> new ForyObjectSerializer(() -> ObjectFory.create(loader, classes, allowed));
		};
	}

	/** The format's serializer, without compression or format tag. */
	RedisSerializer<Object> serializer(ClassLoader loader, List<Class<?>> registrations) {
		return switch (this) {
			case JDK -> new JdkSerializationRedisSerializer(loader);
			case KRYO -> new KryoObjectSerializer(loader, List.of());
			case KRYO_REGISTERED -> new KryoObjectSerializer(loader, registrations);
			case FORY -> new ForyObjectSerializer(loader, List.of());
			case FORY_REGISTERED -> new ForyObjectSerializer(loader, registrations);
		};
	}

	/**
	 * @throws IllegalArgumentException in one line: why an advisor's candidate is not writable, or which ids are
	 */
	public static ObjectFormat byId(String id) {
		String reason = NOT_WRITABLE.get(id);
		if (reason != null) {
			throw new IllegalArgumentException(id + " is not offered: " + reason);
		}
		return Arrays.stream(values())
			.filter((format) -> format.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no object format '" + id + "'; the formats written are "
					+ Arrays.stream(values()).map(ObjectFormat::id).toList()));
	}

	@Override
	public String toString() {
		return this.id;
	}

}
