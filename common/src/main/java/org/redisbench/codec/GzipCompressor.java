package org.redisbench.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** The JDK's GZIP: no dependency, the slowest of the choices. */
class GzipCompressor implements Compressor {

	@Override
	public byte[] compress(byte[] raw) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length);
		try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
			gzip.write(raw);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return out.toByteArray();
	}

	@Override
	public byte[] decompress(byte[] compressed, int originalLength) {
		try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
			// Reading one byte past the recorded length tells a longer (or bomb) stream from an exact one.
			byte[] raw = gzip.readNBytes(originalLength + 1);
			if (raw.length != originalLength) {
				throw new IllegalArgumentException("gzip stream holds " + (raw.length > originalLength ? "more" : "fewer")
						+ " than the recorded " + originalLength + " bytes");
			}
			return raw;
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("not a gzip stream: " + ex.getMessage(), ex);
		}
	}

}
