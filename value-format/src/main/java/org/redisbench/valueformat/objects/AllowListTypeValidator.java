package org.redisbench.valueformat.objects;

import java.util.Optional;
import java.util.regex.Pattern;

import tools.jackson.databind.DatabindContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.jsontype.PolymorphicTypeValidator;

/**
 * Jackson's check of the class a typed JSON value names, in an {@link AllowList} or refused: on the type id's name
 * before the class is loaded (every class a generic type id such as {@code java.util.ArrayList<com.acme.Line>} names),
 * and on a type Jackson resolved without a name.
 */
public final class AllowListTypeValidator extends PolymorphicTypeValidator.Base {

	private static final long serialVersionUID = 1L;

	/** What separates the class names of a generic type id. */
	private static final Pattern TYPE_SEPARATORS = Pattern.compile("[<>,\\s]+");

	private final transient AllowList allowed;

	public AllowListTypeValidator(AllowList allowed) {
		this.allowed = allowed;
	}

	/** The first class a type id names, its type parameters' included, that the list refuses. */
	public Optional<String> firstRefused(String typeId) {
		for (String name : TYPE_SEPARATORS.split(typeId)) {
			if (!name.isEmpty() && !this.allowed.allows(name)) {
				return Optional.of(name);
			}
		}
		return Optional.empty();
	}

	@Override
	public Validity validateSubClassName(DatabindContext context, JavaType baseType, String subClassName) {
		return firstRefused(subClassName).isEmpty() ? Validity.ALLOWED : Validity.DENIED;
	}

	@Override
	public Validity validateSubType(DatabindContext context, JavaType baseType, JavaType subType) {
		return this.allowed.allows(subType.getRawClass()) ? Validity.ALLOWED : Validity.DENIED;
	}

}
