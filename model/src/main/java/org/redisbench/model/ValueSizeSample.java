package org.redisbench.model;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.LongStream;

/**
 * The persons whose value sizes a run samples after {@code /add}, spread evenly over ids 1 .. written, and the
 * command that reads each one's size in its layout: {@code STRLEN} of its key, or {@code HSTRLEN} of its field in
 * its bucket. For the bench runner to pipe into redis-cli: the keys come from {@link Layout#key}, not from a second
 * idea of them in the runner.
 *
 * @param layout where the persons are stored
 * @param written how many persons /add wrote, ids 1 .. written
 * @param sample at most how many to read
 */
public record ValueSizeSample(Layout layout, long written, int sample) {

	public ValueSizeSample {
		if (written < 0 || sample < 1) {
			throw new IllegalArgumentException("written must be 0 or more and the sample 1 or more, were " + written + " and "
					+ sample);
		}
	}

	/** Ids 1, 1 + step, ... up to written, the step the least that keeps them within the sample. */
	public LongStream ids() {
		long step = Math.max(1, (this.written + this.sample - 1) / this.sample);
		return LongStream.iterate(1, (id) -> id <= this.written, (id) -> id + step);
	}

	/** One redis-cli command line a sampled person. */
	public List<String> commands() {
		return ids().mapToObj(this::command).toList();
	}

	private String command(long id) {
		String key = ascii(this.layout.key(id));
		return (this.layout == Layout.STRING_PER_KEY) ? "STRLEN " + key : "HSTRLEN " + key + " " + ascii(Layout.field(id));
	}

	private static String ascii(byte[] bytes) {
		return new String(bytes, StandardCharsets.US_ASCII);
	}

}
