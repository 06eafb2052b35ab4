package org.redisbench.footprint;

/**
 * What one candidate in one layout costs Redis per value, measured on the sample and projected to the source.
 *
 * @param perValue bytes per value at the source's size: the sample's used_memory growth without the keyspace's
 * hash table, plus that table as it would be at the source's key count
 * @param spread half the difference between the two halves of the sample, each measured on its own: a rough
 * standard error of {@code perValue}
 * @param values the sampled values the figure stands on
 * @param sourceValues the source's values it is projected to
 * @param listpackValue the {@code hash-max-listpack-value} the layout needs (0 for a key per value)
 * @param hashTables buckets that were not a listpack after loading (0 when the setting held)
 */
public record Footprint(double perValue, double spread, int values, double sourceValues, int listpackValue,
		long hashTables) {

	public double projectedBytes() {
		return this.perValue * this.sourceValues;
	}

	public double projectedSpread() {
		return this.spread * this.sourceValues;
	}

}
