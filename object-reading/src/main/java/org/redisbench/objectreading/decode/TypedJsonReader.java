package org.redisbench.objectreading.decode;

import org.redisbench.objectreading.objects.Reasons;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.redisbench.valueformat.objects.AllowListTypeValidator;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.TypeFactory;

/**
 * Reads Spring Data Redis's typed JSON ({@code GenericJacksonJsonRedisSerializer} with default typing: a
 * {@code @class} property, or a {@code ["java.util.ArrayList",[...]]} wrapper) into an object, with the mapper that
 * serializer's own builder configures for default typing (non-final types, the class name as a property, unknown
 * properties ignored), given the allow list's type validator ({@link AllowListTypeValidator}) and the user's
 * class loader as the {@link ClassPolicy} guards it. The validator decides on the type id's name, and the guarded
 * loader refuses whatever Jackson would look up by name without asking it (a generic type id's parameters,
 * CVE-2026-54512 in Jackson before 3.1.4), so a class the list refuses is neither loaded nor built, and none of its
 * static initialisers, creators or setters runs.
 */
public final class TypedJsonReader {

	/**
	 * The JDK streams' depth ({@link StreamLimits#MAX_DEPTH}) in JSON's terms: a typed collection or array is
	 * wrapped in an array of its class name and its content, two levels for one.
	 */
	static final int MAX_NESTING = 2 * StreamLimits.MAX_DEPTH;

	private final AllowListTypeValidator validator;

	private final ClassLoader loader;

	private final ObjectMapper mapper;

	/*
	 * The mapper is built from the builder Spring's serializer configured, not through the serializer: its
	 * deserialize(bytes) looks the root's @class up itself (Spring Data Redis 4.1: TypeFactory.constructFromCanonical)
	 * to choose the type, which loads the named class before any validator sees the name. Jackson's
	 * own reading of a typed Object asks the validator first.
	 */
	TypedJsonReader(ClassPolicy policy, ClassLoader loader) {
		this.validator = new AllowListTypeValidator(policy.allowList());
		this.loader = loader;
		AtomicReference<JsonMapper.Builder> configured = new AtomicReference<>();
		JsonFactory bounded = JsonFactory.builder()
			.streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
			.build();
		GenericJacksonJsonRedisSerializer.builder(() -> JsonMapper.builder(bounded))
			.enableDefaultTyping(this.validator)
			.customize((builder) -> configured
				.set(builder.typeFactory(TypeFactory.createDefaultInstance().withClassLoader(policy.guardedLoader()))))
			.build();
		this.mapper = configured.get().build();
	}

	Outcome read(byte[] json) {
		try {
			Object value = this.mapper.readValue(json, Object.class);
			return value == null ? new Outcome.Failed("the JSON holds null") : new Outcome.Decoded(value);
		}
		catch (JacksonException ex) {
			InvalidTypeIdException typeId = cause(ex, InvalidTypeIdException.class);
			if (typeId != null && typeId.getTypeId() != null) {
				String name = typeId.getTypeId();
				Optional<String> refused = this.validator.firstRefused(name);
				if (refused.isPresent()) {
					return new Outcome.Refused(refused.get());
				}
				if (!loads(name)) {
					return new Outcome.Missing(name);
				}
			}
			return new Outcome.Failed(Reasons.of(ex));
		}
	}

	/** Whether the user's classes hold the raw class of this type id ({@code java.util.ArrayList<com.acme.Line>}). */
	private boolean loads(String typeId) {
		int parameters = typeId.indexOf('<');
		try {
			Class.forName((parameters < 0 ? typeId : typeId.substring(0, parameters)).strip(), false, this.loader);
			return true;
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		return null;
	}

}
