package org.redisbench.objectreading.objects;

import java.lang.reflect.InvocationTargetException;
import java.util.List;

/**
 * Spring Security's Jackson modules, when the user's classpath has them: without them Jackson cannot rebuild
 * a {@code SecurityContextImpl} (its tokens and {@code User} have no default constructor), and registering them
 * is what Spring Security's documentation tells a Spring Session application moving to JSON to do. Looked up by
 * name in the user's class loader, since the advisor itself does not depend on Spring Security.
 * <p>
 * Only the modules proper (mix-ins, and {@code java.time} as timestamps) are taken: {@code getModules} also
 * returns a module that turns on Jackson's own default typing, which would replace Spring Data Redis's (a
 * record, being final, would then be written without its {@code @class} and not read back).
 */
public final class SpringSecurityModules {

	private static final String JACKSON_3 = "org.springframework.security.jackson.SecurityJacksonModules";

	private static final String MODULE = "org.springframework.security.jackson.SecurityJacksonModule";

	private SpringSecurityModules() {
	}

	/** Jackson 3's modules ({@code tools.jackson.databind.JacksonModule}), none when Spring Security 7 is absent. */
	static List<tools.jackson.databind.JacksonModule> jackson3(ClassLoader loader) {
		return modules(JACKSON_3, loader, tools.jackson.databind.JacksonModule.class);
	}

	private static boolean isModule(Object module) {
		for (Class<?> at = module.getClass(); at != null; at = at.getSuperclass()) {
			if (at.getName().equals(MODULE)) {
				return true;
			}
		}
		return false;
	}

	private static <T> List<T> modules(String className, ClassLoader loader, Class<T> type) {
		try {
			Class<?> modules = Class.forName(className, true, loader);
			List<?> found = (List<?>) modules.getMethod("getModules", ClassLoader.class).invoke(null, loader);
			return found.stream().filter(type::isInstance).filter(SpringSecurityModules::isModule).map(type::cast).toList();
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return List.of();
		}
		catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException ex) {
			// another Spring Security than the one these names come from: measured without its modules
			return List.of();
		}
	}

}
