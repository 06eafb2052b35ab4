package org.redisbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class ClaimedBatchesTest {

	private static ClaimedBatches claimed(String... lines) {
		return ClaimedBatches.of(List.of(lines).stream().map(LoggedRequest::parse).toList());
	}

	private static List<IdRange> ranges(String... texts) {
		return List.of(texts).stream().map(IdRange::parse).toList();
	}

	@Test
	void onlyTwoHundredsClaimAndARepeatedBatchCountsOnce() {
		ClaimedBatches claimed = claimed("1 2 200 1-100|", "1 2 200 1-100|", "1 2 201 201-300|",
				"1 2 503 |Redis unavailable", "1 2 200 |");
		assertEquals(2, claimed.size());
		assertEquals(3, claimed.batchesToCheck(100), "/check goes from id 1 up to the highest claimed");
		assertEquals(1, claimed.notReadBack(ranges("1-100", "101-200")));
		assertEquals(0, claimed.notReadBack(ranges("1-100", "101-200", "201-300", "201-300")));
	}

	@Test
	void aBatchReadBackAcrossOverlappingChecksIsIntact() {
		ClaimedBatches claimed = claimed("1 2 200 50-149|", "1 2 200 120-180|", "1 2 200 1-100|");
		assertEquals(2, claimed.batchesToCheck(100));
		assertEquals(0, claimed.notReadBack(ranges("1-100", "101-200")));
		assertEquals(0, claimed.notReadBack(ranges("90-160", "1-100", "150-180")), "overlapping and out of order");
		assertEquals(1, claimed.notReadBack(ranges("1-100", "102-200")), "50-149: id 101 never read back");
		assertEquals(3, claimed.notReadBack(List.of()));
	}

	@Test
	void aPartlyFullLastBatchIsStillChecked() {
		assertEquals(2, claimed("1 2 200 101-150|").batchesToCheck(100));
		assertEquals(0, claimed("1 2 503 |OOM").batchesToCheck(100));
	}

}
