package org.redisbench.test;

import java.util.concurrent.TimeUnit;

/** How a test's own server process (redis-server, memcached) is ended: asked, then killed if it lingers. */
final class ServerProcesses {

	private static final long WAIT_SECONDS = 10;

	private ServerProcesses() {
	}

	/**
	 * Ends the process and waits for it: SIGTERM (a graceful stop), or SIGKILL to play a crash; a process
	 * still there after the wait is killed.
	 */
	static void end(Process process, boolean forcibly) {
		if (forcibly) {
			process.destroyForcibly();
		}
		else {
			process.destroy();
		}
		try {
			if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
		}
	}

}
