package org.redisbench.valueformat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** The JDK's GZIP: no dependency, the slowest of the choices; its trailer checks length and CRC. */
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
	public byte[] decompress(byte[] compressed, int maxLength) {
		try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
			// One byte past the limit tells a too-long stream (or a bomb) without inflating the rest.
			byte[] raw = gzip.readNBytes(maxLength + 1);
			if (raw.length > maxLength) {
				throw new IllegalArgumentException("gzip stream holds more than " + maxLength + " bytes");
			}
			return raw;
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("not a gzip stream: " + ex.getMessage(), ex);
		}
	}

}
