package org.redisbench.fill;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.redisbench.model.Layout;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Finds a person a Redis already holds in the range of ids to fill, which the fill would silently write over.
 * Exact: every key of the layout's pattern is looked at (SCAN), on every node; an empty database costs a DBSIZE.
 */
final class RangeCheck {

	private static final int SCAN_COUNT = 1000;

	private RangeCheck() {
	}

	/** Where a key in the range is, as {@code host:port holds KEY}; empty if none is. */
	static Optional<String> occupied(Target target, FillOptions options) {
		long last = options.firstId() + options.persons() - 1;
		for (int node = 0; node < target.nodes().size(); node++) {
			try (Jedis jedis = target.connect(node)) {
				if (jedis.dbSize() == 0) {
					continue;
				}
				ScanParams params = new ScanParams().match(pattern(options.layout())).count(SCAN_COUNT);
				byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
				ScanResult<byte[]> page;
				do {
					page = jedis.scan(cursor, params);
					for (byte[] key : page.getResult()) {
						if (inRange(options.layout(), new String(key, StandardCharsets.US_ASCII), options.firstId(),
								last)) {
							return Optional.of(target.nodes().get(node) + " db " + options.reach().database() + " holds "
									+ new String(key, StandardCharsets.US_ASCII));
						}
					}
					cursor = page.getCursorAsBytes();
				}
				while (!page.isCompleteIteration());
			}
		}
		return Optional.empty();
	}

	private static byte[] pattern(Layout layout) {
		return ((layout == Layout.STRING_PER_KEY) ? "person_*" : "persons:{*}").getBytes(StandardCharsets.US_ASCII);
	}

	/** A bucket counts when it is one the range writes to, whichever of its fields it holds. */
	private static boolean inRange(Layout layout, String key, long first, long last) {
		String digits = (layout == Layout.STRING_PER_KEY) ? key.substring("person_".length())
				: key.substring("persons:{".length(), key.length() - 1);
		if (!digits.matches("[0-9]{1,18}")) {
			return false;
		}
		long number = Long.parseLong(digits);
		return (layout == Layout.STRING_PER_KEY) ? (number >= first && number <= last)
				: (number >= Math.floorDiv(first, Layout.BUCKET_SIZE) && number <= Math.floorDiv(last, Layout.BUCKET_SIZE));
	}

}
