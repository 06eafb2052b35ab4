package org.redisbench.valueformat.starter;

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether any {@code value-format.*} property is set: with none, the starter adds no bean; with any, the settings
 * must make a serializer, or the service stops saying which is wrong (a read-also with no write is not ignored).
 */
class OnValueFormatSet extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		boolean set = Binder.get(context.getEnvironment())
			.bind(ValueFormatProperties.PREFIX, Bindable.mapOf(String.class, Object.class))
			.map(Map::isEmpty)
			.map((empty) -> !empty)
			.orElse(false);
		return set ? ConditionOutcome.match(ValueFormatProperties.PREFIX + ".* is set")
				: ConditionOutcome.noMatch("no " + ValueFormatProperties.PREFIX + ".* property is set");
	}

}
