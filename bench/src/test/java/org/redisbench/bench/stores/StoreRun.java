package org.redisbench.bench.stores;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.RunLog;
import org.redisbench.processes.FreePorts;

/**
 * A run's context for a test of the stores: settings from bench's options and BENCH_* variables (the private
 * servers' first ports drawn free, so that tests side by side do not race for one), its raw/ folder made, its log
 * kept for the test to read.
 */
final class StoreRun {

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	private final RunContext context;

	private StoreRun(Path out, BenchSettings settings, Optional<String> password) {
		Path raw = out.resolve("raw");
		try {
			Files.createDirectories(raw);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		RunLog log = new RunLog(new PrintStream(this.err, true, StandardCharsets.UTF_8));
		this.context = new RunContext(settings, Placement.of(settings), log, out, raw, Path.of("..").toAbsolutePath(),
				password);
	}

	static StoreRun of(Path out, Optional<String> password, Map<String, String> environment, String... args) {
		return new StoreRun(out, SettingsForTests.of(withFreePorts(environment), args), password);
	}

	static StoreRun of(Path out, String... args) {
		return of(out, Optional.empty(), Map.of(), args);
	}

	/** A run of settings changed past their checks. */
	static StoreRun of(Path out, BenchSettings settings, Optional<String> password) {
		return new StoreRun(out, settings, password);
	}

	/**
	 * {@code settings} with its component {@code name} set to {@code value}, past the checks: what they refuse up
	 * front (a named Redis without --allow-flush, paused or reconfigured) the stores refuse again themselves.
	 */
	static BenchSettings with(BenchSettings settings, String name, Object value) {
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

	static Map<String, String> withFreePorts(Map<String, String> environment) {
		Map<String, String> all = new HashMap<>(environment);
		all.putIfAbsent("BENCH_OWN_REDIS_PORT", String.valueOf(FreePorts.next()));
		all.putIfAbsent("BENCH_OWN_MEMCACHED_PORT", String.valueOf(FreePorts.next()));
		return all;
	}

	RunContext context() {
		return this.context;
	}

	Path raw() {
		return this.context.raw();
	}

	/** What the run logged so far. */
	String log() {
		return this.err.toString(StandardCharsets.UTF_8);
	}

}
