package org.redisbench.processes;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class MemcachedServerTest {

	@Test
	void aServerHoldsWhatIsSetUntilFlushedAndLeavesNoFolderBehind() {
		MemcachedServer server = new MemcachedServer();
		server.start();
		Path directory = server.directory();
		try {
			server.set("person_1", "ada".getBytes(StandardCharsets.UTF_8));
			assertThat(server.get("person_1")).asString(StandardCharsets.UTF_8).isEqualTo("ada");
			assertThat(server.persons(1, 3)).isEqualTo(1);

			server.flushAll();

			assertThat(server.contains("person_1")).isFalse();
		}
		finally {
			server.discard();
		}
		assertThat(server.isRunning()).isFalse();
		assertThat(Files.exists(directory)).as(directory + " removed").isFalse();
	}

	@Test
	void aServerWhosePortAnotherMemcachedHoldsRefusesToStart() throws Exception {
		MemcachedServer server = new MemcachedServer();
		Process other = new ProcessBuilder("memcached", "-l", "127.0.0.1", "-p", String.valueOf(server.port()), "-U", "0",
				"-u", System.getProperty("user.name")).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		try {
			for (int attempt = 0; attempt < 100 && !answers(server); attempt++) {
				Waits.sleep(50);
			}

			assertThatIllegalStateException().isThrownBy(server::start)
				.withMessageContaining("port " + server.port() + " is served by another process (pid " + other.pid() + ")");
			assertThat(server.isRunning()).isFalse();
		}
		finally {
			other.destroy();
			other.waitFor(10, TimeUnit.SECONDS);
			server.discard();
		}
	}

	/** Whether something answers memcached's protocol on its port; the stats of whichever memcached does. */
	private static boolean answers(MemcachedServer server) {
		try {
			return server.stats("").containsKey("pid");
		}
		catch (RuntimeException notYet) {
			return false;
		}
	}

}
