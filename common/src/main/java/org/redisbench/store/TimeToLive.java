package org.redisbench.store;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code bench.ttl}: how long a stored person lives. {@code none} (the default) keeps it until it is deleted or
 * evicted; a duration such as {@code 600s} or {@code 10m} gives every person that time to live; a range such as
 * {@code 300s-600s} draws each person's uniformly from it, to the millisecond, so that a cache filled in one go
 * does not empty in one go either (the published cache's keys expired after 5 to 10 minutes).
 * <p>
 * A unit is required ({@code ms}, {@code s}, {@code m}, {@code h} or {@code d}): {@code 600} would be
 * milliseconds to Spring's own durations and seconds to Redis's {@code EXPIRE}. At most {@value #LONGEST_DAYS}
 * days, which Memcached's exptime, a 32-bit Unix time past 30 days, can still say for years to come.
 */
public final class TimeToLive {

	public static final TimeToLive NONE = new TimeToLive(Duration.ZERO, Duration.ZERO);

	static final int LONGEST_DAYS = 365;

	private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h|d)");

	private final Duration shortest;

	private final Duration longest;

	private TimeToLive(Duration shortest, Duration longest) {
		this.shortest = shortest;
		this.longest = longest;
	}

	/**
	 * Parses {@code none}, a duration or a range of two, or throws naming {@code bench.ttl} and the value.
	 * Spring binds the property through this method.
	 */
	public static TimeToLive valueOf(String text) {
		String trimmed = text.trim();
		if (trimmed.equals("none")) {
			return NONE;
		}
		String[] bounds = trimmed.split("-", -1);
		if (bounds.length > 2) {
			throw refused(text, "a range has two durations");
		}
		Duration shortest = duration(text, bounds[0]);
		Duration longest = (bounds.length == 2) ? duration(text, bounds[1]) : shortest;
		if (longest.compareTo(Duration.ofDays(LONGEST_DAYS)) > 0) {
			throw refused(text, "at most " + LONGEST_DAYS + "d");
		}
		if (shortest.compareTo(longest) > 0) {
			throw refused(text, "the range runs backwards");
		}
		return new TimeToLive(shortest, longest);
	}

	private static Duration duration(String text, String bound) {
		Matcher matcher = DURATION.matcher(bound.trim());
		if (!matcher.matches()) {
			throw refused(text, "a duration is digits and a unit: ms, s, m, h or d");
		}
		long amount = Long.parseLong(matcher.group(1));
		Duration duration = switch (matcher.group(2)) {
			case "ms" -> Duration.ofMillis(amount);
			case "s" -> Duration.ofSeconds(amount);
			case "m" -> Duration.ofMinutes(amount);
			case "h" -> Duration.ofHours(amount);
			default -> Duration.ofDays(amount);
		};
		if (duration.isZero()) {
			throw refused(text, "a time to live of 0 would be none; say none");
		}
		return duration;
	}

	private static IllegalArgumentException refused(String text, String why) {
		return new IllegalArgumentException("bench.ttl must be none, a duration such as 600s or a range such as "
				+ "300s-600s (" + why + "), was '" + text + "'");
	}

	/** One person's time to live in milliseconds, drawn uniformly from the range; 0 when persons do not expire. */
	public long drawMillis() {
		long low = this.shortest.toMillis();
		long high = this.longest.toMillis();
		return (low == high) ? low : ThreadLocalRandom.current().nextLong(low, high + 1);
	}

}
