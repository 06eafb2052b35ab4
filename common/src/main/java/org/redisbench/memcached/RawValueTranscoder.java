package org.redisbench.memcached;

import net.rubyeye.xmemcached.transcoders.CachedData;
import net.rubyeye.xmemcached.transcoders.CompressionMode;
import net.rubyeye.xmemcached.transcoders.Transcoder;

/**
 * Hands the codec's bytes to Memcached as they are, with flags 0, and reads them back with their flags.
 * xmemcached's default transcoder would tag values with its own flags, Java-serialize anything that is not a
 * byte array or a string, and gzip values above 16 KB: the codec and {@code bench.compression} decide the
 * bytes here, as they do for Redis.
 */
final class RawValueTranscoder implements Transcoder<StoredValue> {

	static final int FLAGS = 0;

	@Override
	public CachedData encode(StoredValue value) {
		return new CachedData(value.flags(), value.bytes());
	}

	@Override
	public StoredValue decode(CachedData data) {
		return new StoredValue(data.getFlag(), data.getData());
	}

	@Override
	public void setPrimitiveAsString(boolean primitiveAsString) {
		// Values are bytes already: there is nothing primitive to write as a string.
	}

	@Override
	public void setPackZeros(boolean packZeros) {
		// As for primitives.
	}

	@Override
	public void setCompressionThreshold(int threshold) {
		// Compression is bench.compression's, in the value's first byte.
	}

	@Override
	public boolean isPrimitiveAsString() {
		return false;
	}

	@Override
	public boolean isPackZeros() {
		return false;
	}

	@Override
	public void setCompressionMode(CompressionMode compressionMode) {
		// As for the threshold.
	}

}
