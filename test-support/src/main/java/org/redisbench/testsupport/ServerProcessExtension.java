package org.redisbench.testsupport;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.redisbench.processes.ServerProcess;
import org.redisbench.processes.Store;

/**
 * Starts a test's own server before its test class and discards it afterwards. Before each test it is
 * running again (a test may have stopped or crashed it) and empty. Register a subclass on a static field
 * with {@code @RegisterExtension}.
 */
public abstract class ServerProcessExtension<S extends ServerProcess & Store>
		implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

	private final S server;

	protected ServerProcessExtension(S server) {
		this.server = server;
	}

	public S server() {
		return this.server;
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		this.server.start();
	}

	@Override
	public void beforeEach(ExtensionContext context) {
		this.server.start();
		this.server.flushAll();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		this.server.discard();
	}

}
