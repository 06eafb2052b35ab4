package org.redisbench.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Who runs the run: what memcached and the generator's priority need to know. */
public final class Privileges {

	private Privileges() {
	}

	/** Whether this process runs as root (uid 0). */
	public static boolean root() {
		try {
			return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read who runs this process", ex);
		}
	}

}
