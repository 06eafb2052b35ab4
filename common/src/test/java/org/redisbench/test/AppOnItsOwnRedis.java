package org.redisbench.test;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisServerExtension;

/**
 * One app, started once for a contract's test class against the contract's own redis-server: the setup the
 * single-app contracts share. A contract holds its {@link RedisServerExtension} (each may start Redis with
 * other arguments) and hands its server here; an app's test class names its main class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AppOnItsOwnRedis {

	protected RunningApp app;

	/** The app's main class. */
	protected abstract Class<?> application();

	/** The redis-server the contract started for this class. */
	protected abstract RedisServer redisServer();

	/** The app's properties: the fault bounds unless a contract or an app holds other settings to it. */
	protected Map<String, String> properties() {
		return FaultBounds.PROPERTIES;
	}

	@BeforeAll
	void startApp() {
		this.app = RunningApp.start(application(), redisServer(), properties());
	}

	@AfterAll
	void stopApp() {
		this.app.close();
	}

}
