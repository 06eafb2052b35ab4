package org.redisbench.valueformat.objects;

import tools.jackson.databind.DatabindContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.jsontype.PolymorphicTypeValidator;

/** Jackson's check of the class a typed JSON value names, before it is loaded: in an {@link AllowList}, or refused. */
final class AllowListTypeValidator extends PolymorphicTypeValidator.Base {

	private final AllowList allowed;

	AllowListTypeValidator(AllowList allowed) {
		this.allowed = allowed;
	}

	@Override
	public Validity validateSubClassName(DatabindContext context, JavaType baseType, String subClassName) {
		return this.allowed.allows(subClassName) ? Validity.ALLOWED : Validity.DENIED;
	}

}
