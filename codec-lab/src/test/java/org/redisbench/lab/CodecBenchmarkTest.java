package org.redisbench.lab;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.redisbench.valueformat.Compression;
import org.redisbench.codecs.PersonCodec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodecBenchmarkTest {

	@Test
	void itsParametersNameEveryCodecAndEveryCompression() throws NoSuchFieldException {
		assertEquals(Arrays.stream(PersonCodec.values()).map(PersonCodec::id).toList(), paramValues("codec"));
		assertEquals(Arrays.stream(Compression.values()).map(Compression::toString).toList(),
				paramValues("compression"));
	}

	@Test
	void aBatchIsAWholeNumberOfThePool() {
		assertEquals(0, CodecBenchmark.POOL % CodecBenchmark.BATCH);
	}

	/** The JSON the report reads, as this JMH writes it: every operation, its time and its allocation. */
	@Test
	void jmhWritesWhatTheReportReads(@TempDir Path directory) throws RunnerException {
		Path json = directory.resolve("jmh.json");
		Options options = new OptionsBuilder().include(CodecBenchmark.class.getName())
			.param("codec", "kryo")
			.param("compression", "lz4")
			.forks(0)
			.warmupIterations(0)
			.measurementIterations(3)
			.measurementTime(TimeValue.milliseconds(20))
			.addProfiler(GCProfiler.class)
			.resultFormat(ResultFormatType.JSON)
			.result(json.toString())
			.build();
		new Runner(options).run();
		JmhResults results = JmhResults.read(json);
		CodecSetup setup = CodecSetup.of("kryo", "lz4");
		for (Operation operation : Operation.values()) {
			JmhResults.Measured measured = results.get(operation, setup);
			assertNotNull(measured, operation + " missing");
			assertTrue(measured.nanos().score() > 0, operation + ": " + measured);
			assertTrue(measured.nanos().hasInterval(), "three iterations give an interval: " + measured);
			assertNotNull(measured.allocated(), operation + " has no " + JmhResults.ALLOCATED);
		}
		assertFalse(results.settings().jdkVersion().isBlank());
		assertEquals(3, results.settings().measurementIterations());
	}

	private static List<String> paramValues(String field) throws NoSuchFieldException {
		Field parameter = CodecBenchmark.class.getField(field);
		return List.of(parameter.getAnnotation(Param.class).value());
	}

}
