package org.redisbench.tooloutput;

/**
 * A file of raw figures that does not read as what wrote it should have written: the message names the file,
 * the line and what was expected, in one line, for a script to show as it is.
 */
public final class GarbledInput extends RuntimeException {

	public GarbledInput(String source, int line, String expected, String got) {
		super(source + " line " + line + ": expected " + expected + ", got '" + got + "'");
	}

	public GarbledInput(String message) {
		super(message);
	}

}
