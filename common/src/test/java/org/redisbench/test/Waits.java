package org.redisbench.test;

/** Pauses in test support, where an interrupt means the test is being torn down. */
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
