package org.redisbench.fill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.fill.FillPlan.Cost;
import org.redisbench.fill.FillPlan.Node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The plan's arithmetic on cases worked by hand: 100 bytes a person and a key each, so that a fill of {@code n}
 * persons into an empty node grows it by {@code 100 n} plus 8 bytes a slot of the first power of two of slots that
 * holds {@code n} keys.
 */
class FillPlanTest {

	private static final Cost HUNDRED = new Cost(100, 0, 1);

	/** 1,000 persons at their peak: 100,000 bytes, 1,024 slots of 8 bytes and the 512 of the half rehashed. */
	private static final long THOUSAND_AT_PEAK = 100_000 + 8 * 1024 + 8 * 512;

	@Test
	void theKeyTableDoublesWhenTheKeysPassAPowerOfTwo() {
		FillPlan plan = plan(HUNDRED, empty(0));
		Node node = empty(0);

		assertThat(plan.growth(node, 1024)).isEqualTo(102_400 + 8 * 1024);
		assertThat(plan.growth(node, 1025)).isEqualTo(102_500 + 8 * 2048);
		assertThat(plan.growth(node, 4)).isEqualTo(400 + 8 * 4);
		assertThat(plan.growth(node, 1)).as("a table has 4 slots at least").isEqualTo(100 + 8 * 4);
	}

	@Test
	void aNodeWithKeysGrowsByItsTableFromThereNotFromNothing() {
		Node node = new Node("a", 1_000_000, 1000, 0, "noeviction", FillPlan.SLOTS);
		FillPlan plan = plan(HUNDRED, node);

		assertThat(plan.growth(node, 24)).as("1,024 slots hold 1,024 keys").isEqualTo(2400);
		assertThat(plan.growth(node, 25)).isEqualTo(2500 + 8 * (2048 - 1024));
	}

	@Test
	void atItsPeakTheOldHalfOfTheLastDoublingIsStillThere() {
		Node node = empty(0);
		FillPlan plan = plan(HUNDRED, node);

		assertThat(plan.peak(node, 1025)).isEqualTo(plan.growth(node, 1025) + 8 * 1024);
		Node full = new Node("a", 1_000_000, 1000, 0, "noeviction", FillPlan.SLOTS);
		assertThat(plan.peak(full, 24)).as("no doubling, no rehash").isEqualTo(plan.growth(full, 24));
	}

	@Test
	void aTimeToLiveAddsTheExpiryTableBesideTheKeyTable() {
		Node node = empty(0);
		FillPlan expiring = new FillPlan(HUNDRED, List.of(node), true, -1, 0);

		assertThat(expiring.growth(node, 1024)).isEqualTo(102_400 + 2 * 8 * 1024);
		assertThat(expiring.peak(node, 1025)).isEqualTo(102_500 + 2 * 8 * 2048 + 2 * 8 * 1024);
	}

	@Test
	void theLargestFillIsTheOneWhosePeakMeetsMaxmemory() {
		FillPlan plan = plan(HUNDRED, empty(THOUSAND_AT_PEAK));

		assertThat(plan.fits(1000)).isTrue();
		assertThat(plan.fits(1001)).isFalse();
		assertThat(plan.largest(5000)).isEqualTo(1000);
		assertThat(plan.largest(700)).isEqualTo(700);
		assertThat(plan.report(5000, "kryo, none, string-per-key")).last()
			.isEqualTo("plan: does not fit; the largest fill that does: 1000 persons");
		assertThat(plan.report(1000, "kryo, none, string-per-key")).last().isEqualTo("plan: fits");
	}

	@Test
	void theSamplesUncertaintyTipsAFitIntoARefusal() {
		FillPlan plan = plan(new Cost(100, 0.01, 1), empty(THOUSAND_AT_PEAK));

		assertThat(plan.error(empty(0), 1000)).isCloseTo(10, within(1e-9));
		assertThat(plan.fits(1000)).isFalse();
		// 100.01 n + 12,288 <= 112,288
		assertThat(plan.largest(1000)).isEqualTo(999);
	}

	@Test
	void oneFullNodeOfACluster() {
		Node limited = new Node("a", 1_000_000, 0, 1_000_000 + THOUSAND_AT_PEAK, "noeviction", 4096);
		Node other = new Node("b", 1_000_000, 0, 0, "noeviction", 4096);
		FillPlan plan = new FillPlan(HUNDRED, List.of(limited, other, other, other), false, -1, 0);

		assertThat(plan.growth(limited, 4000)).isEqualTo(100_000 + 8 * 1024);
		assertThat(plan.fits(4000)).isTrue();
		assertThat(plan.fits(4001)).as("1000.25 persons on each node").isFalse();
		assertThat(plan.largest(1_000_000)).isEqualTo(4000);
	}

	@Test
	void aLocalFillLeavesTheHeadroomAvailable() {
		long headroom = 1L << 30;
		Node node = empty(0);
		long needs = (long) plan(HUNDRED, node).local(1000);
		assertThat(needs).isEqualTo(THOUSAND_AT_PEAK);

		assertThat(new FillPlan(HUNDRED, List.of(node), false, needs + headroom, headroom).fits(1000)).isTrue();
		FillPlan tight = new FillPlan(HUNDRED, List.of(node), false, needs + headroom - 1, headroom);
		assertThat(tight.fits(1000)).isFalse();
		assertThat(tight.largest(1000)).isEqualTo(999);
		assertThat(tight.report(1000, "kryo, none, string-per-key")).contains("plan: local: the fill needs 0.112 MB at "
				+ "its peak with the uncertainty, 1.07 GB headroom; MemAvailable 1.07 GB");
	}

	@Test
	void theReportSaysEachNodesProjectionAndTheLargestFillThatFits() {
		FillPlan plan = new FillPlan(new FillPlan.Cost(100, 0, 1),
				List.of(new FillPlan.Node("127.0.0.1:7000", 1_000_000, 0, 1_112_288, "noeviction", FillPlan.SLOTS)),
				false, -1, 0);

		assertThat(plan.largest(5000)).isEqualTo(1000);
		assertThat(plan.report(5000, "kryo, none, string-per-key")).startsWith(
				"plan: 5000 persons (kryo, none, string-per-key) at 100.00 +- 0.00 bytes each "
						+ "(2 standard errors of the sample rounds)",
				"plan: 127.0.0.1:7000: used_memory 1.000 MB now, projected 1.566 MB +- 0.000 MB (peak 1.598 MB), "
						+ "maxmemory 1.112 MB (noeviction)");
	}

	@Test
	void memAvailableIsInKilobytesInMeminfo(@TempDir Path dir) throws IOException {
		Path meminfo = Files.writeString(dir.resolve("meminfo"),
				"MemTotal:       24000000 kB\nMemFree:         1000000 kB\nMemAvailable:   21000000 kB\n");

		assertThat(FillPlan.memAvailable(meminfo)).isEqualTo(21_000_000L * 1024);
	}

	@Test
	void aSamplesBatchIsWholeBucketsAndOneAtLeastARound() {
		assertThat(FillOptions.sampleBatch(200_000, 5, 1000)).isEqualTo(1000);
		assertThat(FillOptions.sampleBatch(3000, 5, 1000)).isEqualTo(600);
		assertThat(FillOptions.sampleBatch(3000, 5, 250)).isEqualTo(200);
		assertThat(FillOptions.sampleBatch(500, 5, 1000)).isEqualTo(100);
		assertThatIllegalArgumentException().isThrownBy(() -> FillOptions.sampleBatch(499, 5, 1000));
		assertThat(FillOptions.sampleBatch(200_000, 5, 40)).isEqualTo(100);
	}

	private static FillPlan plan(Cost cost, Node node) {
		return new FillPlan(cost, List.of(node), false, -1, 0);
	}

	/** An empty Redis of 1 MB, with that maxmemory less its 1 MB (0: none). */
	private static Node empty(long room) {
		return new Node("a", 1_000_000, 0, (room > 0) ? 1_000_000 + room : 0, "noeviction", FillPlan.SLOTS);
	}

}
