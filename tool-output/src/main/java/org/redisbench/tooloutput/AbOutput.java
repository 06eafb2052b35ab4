package org.redisbench.tooloutput;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of ApacheBench ({@code ab}) printed. Fields that {@code ab} did not print (because it
 * aborted, or because they do not apply, like {@code Non-2xx responses} on a clean run) are {@code null},
 * except the two failure counters, which {@code ab} omits when they are zero.
 *
 * @param error the line on which {@code ab} gave up ({@code apr_socket_connect(): ...}), or {@code null}
 */
public record AbOutput(String documentPath, Integer concurrency, Long completeRequests, Long failedRequests,
		Long non2xx, Long keepAliveRequests, Double timeTakenSeconds, Double requestsPerSecond,
		Double timePerRequestMs, Double timePerRequestAllMs, Map<Integer, Double> percentilesMs, String error) {

	/** What the kernel says when no local port is left for a new connection (errno 99, EADDRNOTAVAIL). */
	public static final String PORT_EXHAUSTION = "Cannot assign requested address";

	private static final Pattern PERCENTILE = Pattern.compile("(?m)^\\s*(\\d{1,3})%\\s+(\\d+)");

	private static final Pattern ABORTED_AFTER = Pattern.compile("Total of (\\d+) requests completed");

	private static final Pattern ERROR = Pattern.compile("(apr_\\w+(?:\\(\\))?: [^\\r\\n]*|ab: [^\\r\\n]*)");

	public static AbOutput parse(String text) {
		boolean summarized = text.contains("Complete requests:");
		Matcher error = ERROR.matcher(text);
		Map<Integer, Double> percentiles = new TreeMap<>();
		Matcher percentile = PERCENTILE.matcher(text);
		while (percentile.find()) {
			percentiles.put(Integer.valueOf(percentile.group(1)), Double.valueOf(percentile.group(2)));
		}
		return new AbOutput(text(text, "Document Path"), asInteger(number(text, "Concurrency Level")),
				summarized ? asLong(number(text, "Complete requests")) : abortedAfter(text),
				summarized ? countOrZero(number(text, "Failed requests")) : null,
				summarized ? countOrZero(number(text, "Non-2xx responses")) : null,
				asLong(number(text, "Keep-Alive requests")), number(text, "Time taken for tests"),
				number(text, "Requests per second"), number(text, "Time per request", "(mean)"),
				number(text, "Time per request", "(mean, across all concurrent requests)"),
				Collections.unmodifiableMap(percentiles), error.find() ? error.group(1).strip() : null);
	}

	/** Whether {@code ab} got through all its requests and printed its summary. */
	public boolean finished() {
		return this.requestsPerSecond != null && this.error == null;
	}

	public boolean portExhausted() {
		return this.error != null && this.error.contains(PORT_EXHAUSTION);
	}

	public Double percentileMs(int percent) {
		return this.percentilesMs.get(percent);
	}

	public Double maxMs() {
		return percentileMs(100);
	}

	private static String text(String text, String label) {
		Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(label) + ":[ \\t]*(\\S.*?)\\s*$").matcher(text);
		return matcher.find() ? matcher.group(1) : null;
	}

	private static Double number(String text, String label) {
		return number(text, label, "");
	}

	/** The number after {@code label:} on the line that ends with {@code suffix} ({@code ab} prints two "Time per request" lines). */
	private static Double number(String text, String label, String suffix) {
		Matcher matcher = Pattern
			.compile("(?m)^" + Pattern.quote(label) + ":\\s+([0-9.]+)\\b[^\\r\\n]*" + Pattern.quote(suffix) + "\\s*$")
			.matcher(text);
		return matcher.find() ? Double.valueOf(matcher.group(1)) : null;
	}

	private static Long countOrZero(Double value) {
		return value == null ? 0L : value.longValue();
	}

	/** An aborted {@code ab} prints no summary, only how far it got. */
	private static Long abortedAfter(String text) {
		Matcher matcher = ABORTED_AFTER.matcher(text);
		return matcher.find() ? Long.valueOf(matcher.group(1)) : null;
	}

	private static Long asLong(Double value) {
		return value == null ? null : value.longValue();
	}

	private static Integer asInteger(Double value) {
		return value == null ? null : value.intValue();
	}

}
