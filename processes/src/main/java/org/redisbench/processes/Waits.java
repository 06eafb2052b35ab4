package org.redisbench.processes;

/** Pauses while waiting for a process of ours, where an interrupt means a test or a run is being torn down. */
public final class Waits {

	private Waits() {
	}

	public static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
