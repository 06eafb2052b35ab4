package org.redisbench.proxy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load average, 1, 5 and 15 minutes, that a measurement's figures are read beside. */
public final class LoadAverage {

	private LoadAverage() {
	}

	public static String now() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
			return String.join(" ", fields[0], fields[1], fields[2]);
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

}
