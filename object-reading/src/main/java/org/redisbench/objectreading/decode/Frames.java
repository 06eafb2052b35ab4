package org.redisbench.objectreading.decode;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

import com.github.luben.zstd.ZstdInputStream;
import net.jpountz.lz4.LZ4FrameInputStream;
import org.redisbench.valueformat.ValueFormat;

/**
 * Undoes the compression frame an application wrapped a value in (gzip, a Zstandard frame, an LZ4 frame), reading at
 * most the bound's bytes of what it holds, so that a small value claiming gigabytes is refused before it is
 * inflated.
 */
public final class Frames {

	/**
	 * The largest window (log2 bytes) a Zstandard frame may ask the reader to allocate: 16 MiB, what zstd's levels
	 * use without a pledged size, against zstd's default limit of 128 MiB.
	 */
	private static final int ZSTD_WINDOW_LOG = 24;

	/** Why a frame gave nothing to read. */
	static final String LARGER = "larger than --max-value-bytes once decompressed";

	private Frames() {
	}

	static boolean isFrame(ValueFormat format) {
		return format == ValueFormat.GZIP || format == ValueFormat.ZSTD || format == ValueFormat.LZ4;
	}

	/**
	 * What the frame holds, at most {@code maxBytes}.
	 *
	 * @throws IOException when the frame is corrupt, or holds more than {@code maxBytes} (message {@link #LARGER})
	 */
	static byte[] open(ValueFormat format, byte[] value, int maxBytes) throws IOException {
		try (InputStream in = stream(format, new ByteArrayInputStream(value))) {
			byte[] inside = in.readNBytes(maxBytes + 1);
			if (inside.length > maxBytes) {
				throw new IOException(LARGER);
			}
			return inside;
		}
	}

	private static InputStream stream(ValueFormat format, InputStream in) throws IOException {
		return switch (format) {
			case GZIP -> new GZIPInputStream(in);
			case ZSTD -> new ZstdInputStream(in).setLongMax(ZSTD_WINDOW_LOG);
			case LZ4 -> new LZ4FrameInputStream(in);
			default -> throw new IllegalArgumentException(format + " is no compression frame");
		};
	}

}
