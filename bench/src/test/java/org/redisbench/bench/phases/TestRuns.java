package org.redisbench.bench.phases;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.RunLog;

/** A run's context for a test, in a folder of its own, its log kept for the test to read. */
final class TestRuns {

	private final ByteArrayOutputStream log = new ByteArrayOutputStream();

	private final RunContext context;

	TestRuns(Path dir, Map<String, String> variables, Optional<String> password) {
		BenchSettings settings = SettingsForTests.of(variables);
		this.context = new RunContext(settings, Placement.of(settings),
				new RunLog(new PrintStream(this.log, true, StandardCharsets.UTF_8)), dir, dir, dir, password);
	}

	TestRuns(Path dir, Map<String, String> variables) {
		this(dir, variables, Optional.empty());
	}

	RunContext context() {
		return this.context;
	}

	/** The log's lines so far. */
	String log() {
		return this.log.toString(StandardCharsets.UTF_8);
	}

}
