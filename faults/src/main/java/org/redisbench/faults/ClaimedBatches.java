package org.redisbench.faults;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The ids the 2xx answers of a phase claimed to have stored, and which of them read back intact through the
 * app's {@code /check}: a claimed batch counts once however often it was named, and is intact only when every
 * one of its ids is in a batch {@code /check} verified.
 */
final class ClaimedBatches {

	private final NavigableSet<IdRange> claimed;

	private ClaimedBatches(NavigableSet<IdRange> claimed) {
		this.claimed = claimed;
	}

	static ClaimedBatches of(List<LoggedRequest> requests) {
		NavigableSet<IdRange> claimed = new TreeSet<>();
		for (LoggedRequest request : requests) {
			if (request.succeeded() && request.ids() != null) {
				claimed.add(request.ids());
			}
		}
		return new ClaimedBatches(claimed);
	}

	int size() {
		return this.claimed.size();
	}

	/**
	 * How many {@code /check} requests read back every claimed id: {@code /check} verifies the batches from id 1
	 * on, {@code batchSize} ids each, so up to the highest claimed id.
	 */
	long batchesToCheck(int batchSize) {
		long highest = this.claimed.stream().mapToLong(IdRange::last).max().orElse(0);
		return (highest + batchSize - 1) / batchSize;
	}

	/** The claimed batches not wholly among the ids {@code /check} verified. */
	long notReadBack(Collection<IdRange> verified) {
		TreeMap<Long, Long> intact = merged(verified);
		return this.claimed.stream().filter(batch -> !covered(intact, batch)).count();
	}

	/** The verified ids as disjoint runs, first id to last, adjacent and overlapping ranges joined. */
	private static TreeMap<Long, Long> merged(Collection<IdRange> ranges) {
		TreeMap<Long, Long> runs = new TreeMap<>();
		for (IdRange range : new TreeSet<>(ranges)) {
			Map.Entry<Long, Long> last = runs.lastEntry();
			if (last != null && range.first() <= last.getValue() + 1) {
				runs.put(last.getKey(), Math.max(last.getValue(), range.last()));
			}
			else {
				runs.put(range.first(), range.last());
			}
		}
		return runs;
	}

	private static boolean covered(TreeMap<Long, Long> runs, IdRange batch) {
		Map.Entry<Long, Long> run = runs.floorEntry(batch.first());
		return run != null && run.getValue() >= batch.last();
	}

}
