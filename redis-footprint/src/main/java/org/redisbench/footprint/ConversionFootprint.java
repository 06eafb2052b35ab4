package org.redisbench.footprint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.redisbench.commandline.Refusal;
import org.redisbench.footprint.sampling.RedisSource;
import org.redisbench.footprint.sampling.SampledValue;
import org.redisbench.footprint.sampling.SourceUri;
import org.redisbench.footprint.sampling.ValueSample;
import org.redisbench.valueformat.Compression;
import redis.clients.jedis.Jedis;

/**
 * The advisor's sample and measurement, for a tool that converts a live Redis's values (scripts/migrate.sh): a
 * uniform sample of the match, read-only as the advisor reads it, and what its values cost Redis a value as they
 * are and as the conversion would store them, each loaded into a redis-server of the advisor's own and measured
 * as the advisor measures ({@link RedisFootprint}). Only the string values the conversion takes are measured, on
 * both sides, so that the difference is what converting them saves.
 */
public final class ConversionFootprint {

	/**
	 * Bytes a value in Redis, at the source's size, with each figure's spread (half the difference of the sample's
	 * two halves).
	 *
	 * @param sampled values the sample read
	 * @param converted of them, those the conversion took: what the figures stand on
	 */
	public record Result(int sampled, int converted, double bytesBefore, double spreadBefore, double bytesAfter,
			double spreadAfter) {

		/** What converting {@code values} such values saves, in bytes. */
		public double saved(double values) {
			return (this.bytesBefore - this.bytesAfter) * values;
		}

	}

	private ConversionFootprint() {
	}

	/**
	 * @param conversion a stored value's bytes after the conversion, or empty for a value it leaves
	 * @param sourceValues the values the figures are projected to: the source's key tables at that count
	 * @throws Refusal when the source cannot be read, or fewer than 2 sampled values convert
	 */
	public static Result measure(SourceUri source, String match, int sampleSize, int maxValueBytes, long seed,
			Function<byte[], Optional<byte[]>> conversion, double sourceValues) {
		ValueSample sample = new RedisSource(source, match, maxValueBytes).read(sampleSize, seed);
		List<SampledValue> before = new ArrayList<>();
		List<SampledValue> after = new ArrayList<>();
		for (SampledValue value : sample.values) {
			if (value.field() != null) {
				// a hash's field: the migrator converts string values only
				continue;
			}
			conversion.apply(value.value()).ifPresent((converted) -> {
				before.add(value);
				after.add(new SampledValue(value.key(), converted, value.expires()));
			});
		}
		if (before.size() < 2) {
			throw new Refusal("of " + sample.values.size() + " values sampled, " + before.size()
					+ " would be converted: at least 2 are needed to measure them");
		}
		try (OwnRedis redis = OwnRedis.start(sample.cluster); Jedis jedis = redis.connect()) {
			Conversion asTheyAre = asTheyAre(before);
			RedisFootprint.warmUp(jedis, asTheyAre, before);
			Footprint was = RedisFootprint.measure(jedis, asTheyAre, before, Placement.KEY, sourceValues);
			Footprint will = RedisFootprint.measure(jedis, asTheyAre(after), after, Placement.KEY, sourceValues);
			return new Result(sample.values.size(), before.size(), was.perValue(), was.spread(), will.perValue(),
					will.spread());
		}
	}

	/** The values stored as they are: the advisor's baseline candidate. */
	private static Conversion asTheyAre(List<SampledValue> values) {
		return Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.NONE),
				values.stream().map((value) -> Document.of(value.value())).toList(), new Conversion.Dictionary(0, 0));
	}

}
