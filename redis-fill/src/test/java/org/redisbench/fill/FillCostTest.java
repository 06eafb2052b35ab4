package org.redisbench.fill;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/** What a fill cost this process and Redis, over the seconds it took, in the line scripts/fill.sh's sweep reads. */
class FillCostTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void coresAreEachSidesCpuOverTheSameSeconds() {
		FillCost cost = FillCost.between(new FillCost.Reading(1_000_000_000L, 2_000_000_000L, 10.0),
				new FillCost.Reading(5_000_000_000L, 3_000_000_000L, 13.2));

		assertThat(cost.seconds()).isCloseTo(4.0, within(1e-9));
		assertThat(cost.fillCpuSeconds()).isCloseTo(1.0, within(1e-9));
		assertThat(cost.redisCpuSeconds()).isCloseTo(3.2, within(1e-9));
		assertThat(cost.fillCores()).isCloseTo(0.25, within(1e-9));
		assertThat(cost.redisCores()).isCloseTo(0.8, within(1e-9));
		assertThat(cost.line())
			.isEqualTo("cost seconds=4.00 fill-cpu=1.00 fill-cores=0.25 redis-cpu=3.20 redis-cores=0.80");
	}

	@Test
	void aFillOfARealRedisCostsBothSidesCpuWithinItsSeconds() throws Exception {
		FillOptions options = FillTest.options("--port", String.valueOf(redis.port()), "--persons", "20000",
				"--connections", "2", "--batch", "500", "--codec", "fastjson2");
		Target target = Target.of(options.reach());
		FillCost.Reading start = FillCost.Reading.of(target);
		long stored = new Fill(options, target).run().stored();
		FillCost cost = FillCost.between(start, FillCost.Reading.of(target));

		assertThat(stored).isEqualTo(20000);
		assertThat(cost.seconds()).isPositive();
		// Redis ran 40 MSETs of 500 persons: its CPU grew, and by no more than the seconds on its one thread (INFO
		// rounds to the microsecond, hence the slack).
		assertThat(cost.redisCpuSeconds()).isPositive();
		assertThat(cost.redisCores()).isLessThan(1.05);
		// Two loaders and the JIT on a machine of a few cores.
		assertThat(cost.fillCpuSeconds()).isPositive();
		assertThat(cost.fillCores()).isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors() + 0.05);
		Map<String, String> line = fields(cost.line());
		assertThat(line).containsOnlyKeys("seconds", "fill-cpu", "fill-cores", "redis-cpu", "redis-cores");
		assertThat(Double.parseDouble(line.get("seconds"))).isCloseTo(cost.seconds(), within(0.005));
	}

	@Test
	void aRateIsWholePersonsASecondOfPositiveSeconds() {
		assertThat(Fill.rate(1000, 0.3)).isEqualTo("3333");
		assertThat(Fill.rate(250, 2)).isEqualTo("125");
		assertThatIllegalArgumentException().isThrownBy(() -> Fill.rate(1000, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> Fill.rate(1000, Double.NaN));
	}

	private static Map<String, String> fields(String line) {
		assertThat(line).startsWith("cost ");
		Map<String, String> fields = new HashMap<>();
		for (String pair : line.substring("cost ".length()).split(" ")) {
			String[] nameValue = pair.split("=", 2);
			fields.put(nameValue[0], nameValue[1]);
		}
		return fields;
	}

}
