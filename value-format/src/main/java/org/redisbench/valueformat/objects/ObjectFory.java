package org.redisbench.valueformat.objects;

import java.util.List;

import org.apache.fory.Fory;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;
import org.apache.fory.exception.InsecureException;
import org.apache.fory.resolver.TypeChecker;

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
		return register(builder(loader).build(), registrations);
	}

	/**
	 * A service's Fory: as {@link #create(ClassLoader, List)}, the same bytes, refusing to read or write a class
	 * written by name that the allow list does not hold (Fory's own deny list names only the gadgets it knows).
	 */
	public static Fory create(ClassLoader loader, List<Class<?>> registrations, AllowList allowed) {
		TypeChecker allowList = (resolver, className) -> {
			if (!allowed.allows(className)) {
				throw new InsecureException(className + " is not in the allow list (" + allowed + ")");
			}
			return true;
		};
		return register(builder(loader).withTypeChecker(allowList).build(), registrations);
	}

	private static ForyBuilder builder(ClassLoader loader) {
		return Fory.builder()
			.withLanguage(Language.JAVA)
			.withClassLoader(loader)
			.requireClassRegistration(false)
			.suppressClassRegistrationWarnings(true)
			.withRefTracking(false)
			.withCompatible(false);
	}

	private static Fory register(Fory fory, List<Class<?>> registrations) {
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
