package org.redisbench.lab;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadBothBenchmarkTest {

	/**
	 * Every pair sets up (each decoder reads back what it wrote) and JMH's JSON gives both costs for each, with
	 * intervals.
	 */
	@Test
	void everyPairAndValuesGiveACost(@TempDir Path directory) throws RunnerException {
		Path json = directory.resolve("jmh.json");
		Options options = new OptionsBuilder().include(ReadBothBenchmark.class.getName())
			.forks(0)
			.warmupIterations(0)
			.measurementIterations(3)
			.measurementTime(TimeValue.milliseconds(20))
			.resultFormat(ResultFormatType.JSON)
			.result(json.toString())
			.build();
		new Runner(options).run();
		List<DetectionCost> costs = DetectionCost.read(json);

		assertEquals(List.of("jdk>kryo new", "jdk>kryo old", "fastjson2>kryo+zstd new", "fastjson2>kryo+zstd old"),
				costs.stream().map((cost) -> cost.migration() + " " + cost.values()).toList());
		for (DetectionCost cost : costs) {
			assertTrue(cost.decodes().hasInterval() && cost.detectionShare().hasInterval(), cost.toString());
			// Each a time; not the detection's own (its time less the first byte's), which 20-ms iterations can put
			// below 0 (CI at cc7336e: 74 ± 932 ns against 101 ± 1,314).
			assertTrue(cost.decodes().value() > 0 && cost.detection().score() > 0 && cost.firstByte().score() > 0,
					cost.toString());
		}
	}

}
