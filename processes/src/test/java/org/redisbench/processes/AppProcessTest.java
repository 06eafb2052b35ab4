package org.redisbench.processes;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class AppProcessTest {

	/** {@link HealthApp} started as AppProcess starts a jar: from this test's class path. */
	private static final List<String> HEALTH_APP = List.of("-XX:TieredStopAtLevel=1", "-cp",
			System.getProperty("java.class.path"), HealthApp.class.getName());

	@Test
	void anAppIsUpOnItsPortWithTheRedisPasswordHandedOverAndNoneOfTheShellsSettings() throws IOException {
		AppProcess app = new AppProcess("health-app", HEALTH_APP, List.of("--spring.data.redis.port=6380"),
				Map.of("SPRING_DATA_REDIS_PASSWORD", "handed-over"));
		try {
			app.start();

			assertThat(app.isRunning()).isTrue();
			assertThat(app.url()).hasToString("http://127.0.0.1:" + app.port());
			assertThat(ListeningSocket.heldBy(app.pid(), app.port())).isTrue();
			// /proc itself: ProcessHandle.Info's arguments came back empty in a clean clone's CI run (a long class path).
			List<String> arguments = List.of(Files.readString(Path.of("/proc", String.valueOf(app.pid()), "cmdline"))
				.split("\0"));
			assertThat(arguments).contains("--server.port=" + app.port(), "--server.address=127.0.0.1",
					"--spring.data.redis.port=6380")
				.noneMatch((argument) -> argument.contains("handed-over"));
			assertThat(Environ.shellSettingsIn(Environ.of(app.pid())))
				.containsExactly("SPRING_DATA_REDIS_PASSWORD=handed-over");
		}
		finally {
			app.discard();
		}
		assertThat(app.isRunning()).isFalse();
	}

	/** Another runtime than this JVM's: the java command given starts it, with the launch and arguments after it. */
	@Test
	void anAppRunsOnTheJavaCommandGiven(@TempDir Path dir) throws IOException {
		Path ran = dir.resolve("ran");
		Path java = dir.resolve("java");
		Files.writeString(java, "#!/bin/sh\necho \"$@\" >'" + ran + "'\nexec '"
				+ Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
		assertThat(java.toFile().setExecutable(true)).isTrue();
		AppProcess app = new AppProcess("health-app", java, HEALTH_APP, List.of("--bench.mode=per-key"), Map.of(),
				AppProcess.START_TIMEOUT);
		try {
			app.start();

			assertThat(app.isRunning()).isTrue();
			assertThat(Files.readString(ran)).startsWith(String.join(" ", HEALTH_APP))
				.contains("--server.port=" + app.port() + " --server.address=127.0.0.1 --bench.mode=per-key");
		}
		finally {
			app.discard();
		}
	}

	/** Another process answering UP on the port is not ours, though it names no pid: its socket is not ours. */
	@Test
	void anAppWhosePortAnotherAppHoldsRefusesToStart() throws Exception {
		AppProcess app = new AppProcess("health-app", HEALTH_APP, List.of(), Map.of());
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
		command.addAll(HEALTH_APP);
		command.add("--server.port=" + app.port());
		Process other = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		try {
			awaitHealth(app.port());

			assertThatIllegalStateException().isThrownBy(app::start)
				.withMessageContaining("port " + app.port() + " is served by another process, not by the health-app");
			assertThat(app.isRunning()).isFalse();
			assertThat(other.isAlive()).as("the other app left alone").isTrue();
		}
		finally {
			other.destroy();
			other.waitFor(10, TimeUnit.SECONDS);
			app.discard();
		}
	}

	@Test
	void anAppThatExitsWhileStartingSaysWhyFromItsLog() {
		AppProcess app = new AppProcess("health-app", List.of("-cp", "/nowhere", "org.example.NoSuchApp"), List.of(),
				Map.of());
		try {
			assertThatIllegalStateException().isThrownBy(app::start)
				.withMessageContaining("health-app did not answer on port " + app.port())
				.withMessageContaining("org.example.NoSuchApp");
			assertThat(app.isRunning()).isFalse();
		}
		finally {
			app.discard();
		}
	}

	private static void awaitHealth(int port) {
		HttpClient http = HttpClient.newHttpClient();
		HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health")).build();
		for (int attempt = 0; attempt < 200; attempt++) {
			try {
				if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return;
				}
			}
			catch (IOException notYet) {
				// not listening yet
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			Waits.sleep(50);
		}
		throw new IllegalStateException("the other app did not answer on port " + port + " within 10 s");
	}

}
