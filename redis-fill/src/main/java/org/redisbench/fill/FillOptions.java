package org.redisbench.fill;

import java.nio.file.Path;
import java.time.Duration;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.model.Layout;
import org.redisbench.valueformat.Compression;

/**
 * What one fill loads and where: {@link FillCommand} reads them from the command line.
 *
 * @param dictionary the app's own zstd dictionary, for {@code zstd-dict} (each app ships one in its resources)
 * @param batch persons per pipeline flush on one connection
 * @param ttl each person's time to live, as the published cache's 5 to 10 minutes; {@code null}: none
 * @param overwrite whether to write over persons already in the range, which is refused otherwise
 * @param sample when above 0, a sample for a plan: that many persons spread over the range, in {@code rounds};
 * its batches are whole buckets, one at least a round
 * @param maxSeconds when above 0, no batch is started after that many seconds: on a shared machine a fill whose
 * rate cannot be known ahead still ends in time, with every batch it took stored and counted
 */
record FillOptions(Reach reach, long firstId, long persons, int connections, int batch, PersonCodec codec,
		Compression compression, Path dictionary, Layout layout, Duration ttl, boolean overwrite, long sample,
		int rounds, long maxSeconds) {

	/** The same fill on another Redis, as another reach of it. */
	FillOptions to(Reach other) {
		return new FillOptions(other, this.firstId, this.persons, this.connections, this.batch, this.codec,
				this.compression, this.dictionary, this.layout, this.ttl, this.overwrite, this.sample, this.rounds,
				this.maxSeconds);
	}

	/** The same fill on that many connections. */
	FillOptions on(int connections) {
		return new FillOptions(this.reach, this.firstId, this.persons, connections, this.batch, this.codec,
				this.compression, this.dictionary, this.layout, this.ttl, this.overwrite, this.sample, this.rounds,
				this.maxSeconds);
	}

	/** A plan's sample of this fill: {@code sample} persons spread over its range, stored in {@code rounds}. */
	FillOptions sampled(long sample, int rounds) {
		return new FillOptions(this.reach, this.firstId, this.persons, this.connections,
				sampleBatch(Math.min(sample, this.persons), rounds, this.batch), this.codec, this.compression,
				this.dictionary, this.layout, this.ttl, this.overwrite, sample, rounds, 0);
	}

	/** The same fill of {@code persons}: what a fill cut short by {@code --max-seconds} stored. */
	FillOptions of(long persons) {
		return new FillOptions(this.reach, this.firstId, persons, this.connections, this.batch, this.codec,
				this.compression, this.dictionary, this.layout, this.ttl, this.overwrite, this.sample, this.rounds,
				this.maxSeconds);
	}

	/** Its codec, compression and layout, as the plan names them. */
	String what() {
		return String.join(", ", this.codec.id(), this.compression.label(), this.layout.label());
	}

	/**
	 * A sample's batch: whole buckets (a round's batches start at a bucket's first id, and must not overlap), at most
	 * the batch asked unless that is less than a bucket, and small enough that every round stores one.
	 */
	static int sampleBatch(long sampled, int rounds, int batch) {
		if (sampled / rounds < Layout.BUCKET_SIZE) {
			throw new IllegalArgumentException("a sample is stored in " + rounds + " rounds of whole buckets ("
					+ Layout.BUCKET_SIZE + " persons): it needs " + rounds * Layout.BUCKET_SIZE + " persons, had "
					+ sampled);
		}
		return (int) Math.max(1, Math.min(batch, sampled / rounds) / Layout.BUCKET_SIZE) * Layout.BUCKET_SIZE;
	}

}
