package org.redisbench.valueformat.objects;

import java.util.List;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;

/**
 * Apache Fory for a user's own objects, in its Java-native format, set as this project's person codec sets it
 * ({@code ForyPersonSerializer}): references off, schema-consistent rather than Fory's default compatible mode
 * (which writes every field's name and type into every value), Fory's defaults otherwise; the given class loader;
 * registration not required, so a class not registered is written by name. Every setting here decides the bytes,
 * so this is the one place they are made: the value advisor's {@code fory} candidates, the migrator and an
 * application's {@link ForyObjectSerializer} all build their Fory here.
 */
public final class ObjectFory {

	private ObjectFory() {
	}

	/**
	 * @param registrations the classes registered, in this order: a class gets the next id, so reader and writer must
	 * register the same list ({@link RegistrationFile})
	 */
	public static Fory create(ClassLoader loader, List<Class<?>> registrations) {
		Fory fory = Fory.builder()
			.withLanguage(Language.JAVA)
			.withClassLoader(loader)
			.requireClassRegistration(false)
			.suppressClassRegistrationWarnings(true)
			.withRefTracking(false)
			.withCompatible(false)
			.build();
		for (Class<?> type : registrations) {
			try {
				fory.register(type);
			}
			catch (RuntimeException ex) {
				// a class Fory will not register (one of its own built-ins): written by name, on every side alike
			}
		}
		return fory;
	}

}
