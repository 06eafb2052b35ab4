package org.redisbench.tooloutput;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Real outputs captured from ab, redis-cli, redis-benchmark and /proc, kept under src/test/resources/raw. */
public final class Resources {

	private Resources() {
	}

	public static String raw(String name) {
		try (InputStream in = Resources.class.getResourceAsStream("/raw/" + name)) {
			if (in == null) {
				throw new IllegalArgumentException("no test resource raw/" + name);
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
