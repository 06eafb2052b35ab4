package org.redisbench.bench;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Map;

import org.redisbench.commandline.CommandLines;

/**
 * Checked settings for the tests of other packages (the stores'): as bench's command line and environment give
 * them, and a copy with one value changed past the checks, to reach what they otherwise refuse up front.
 */
public final class SettingsForStoreTests {

	private SettingsForStoreTests() {
	}

	/** The settings of these options, with {@code environment} as the BENCH_* variables. */
	public static BenchSettings of(Map<String, String> environment, String... args) {
		BenchCommand command = new BenchCommand(environment::get);
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

	/** {@code settings} with its component {@code name} set to {@code value}, unchecked. */
	public static BenchSettings with(BenchSettings settings, String name, Object value) {
		RecordComponent[] components = BenchSettings.class.getRecordComponents();
		try {
			Object[] values = new Object[components.length];
			for (int i = 0; i < components.length; i++) {
				values[i] = components[i].getName().equals(name) ? value : components[i].getAccessor().invoke(settings);
			}
			Constructor<BenchSettings> canonical = BenchSettings.class.getDeclaredConstructor(
					Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
			return canonical.newInstance(values);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("cannot copy the settings with " + name + " changed", ex);
		}
	}

}
