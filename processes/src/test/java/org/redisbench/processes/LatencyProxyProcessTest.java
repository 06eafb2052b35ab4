package org.redisbench.processes;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * How the latency proxy is started, waited for, read and stopped, on a stand-in that says what the proxy says; the
 * proxy itself in front of a redis-server is latency-proxy's LatencyProxyProcessTest, its jar bench's DistanceTest.
 */
class LatencyProxyProcessTest {

	@TempDir
	Path folder;

	@Test
	void itListensWhereItSaysItsFirstLineAndIsStoppedByClose() throws IOException {
		Path log = this.folder.resolve("proxy.log");
		Files.writeString(log, "a previous proxy's lines\n");
		LatencyProxyProcess proxy = LatencyProxyProcess.Launch.classes(ListeningStandIn.class)
			.with(List.of("--jitter", "50us"))
			.start("127.0.0.1:6379", "2ms", log);
		long pid = proxy.pid();
		try (proxy; Socket connected = new Socket("127.0.0.1", proxy.port())) {
			assertThat(connected.isConnected()).isTrue();
			assertThat(proxy.alive()).isTrue();
			assertThat(proxy.firstLine()).as("its first line, the previous proxy's gone")
				.startsWith("listening on 127.0.0.1:" + proxy.port() + ", forwarding ")
				.endsWith("--listen 127.0.0.1:0 --target 127.0.0.1:6379 --rtt 2ms --jitter 50us");
		}

		assertThat(proxy.alive()).isFalse();
		assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEqualTo(Optional.empty());
		assertThat(proxy.stop()).as("a SIGKILL for one already stopped").isFalse();
	}

	@Test
	void behindAPrefixItsPidIsTheProxysAndItListensOnTheAddressGiven() {
		try (LatencyProxyProcess proxy = LatencyProxyProcess.Launch.classes(ListeningStandIn.class)
			.behind(List.of("env", "PREFIXED=yes"))
			.on("127.0.0.2")
			.start("127.0.0.1:6379", "2ms", this.folder.resolve("proxy.log"))) {
			assertThat(proxy.firstLine()).startsWith("listening on 127.0.0.2:" + proxy.port() + ", forwarding");
			assertThat(ProcessHandle.of(proxy.pid()).flatMap((handle) -> handle.info().command()))
				.hasValueSatisfying((command) -> assertThat(command).endsWith("java"));
		}
	}

	@Test
	void aPrefixThatDoesNotExecItIsAFailureWithItsLog() {
		assertThatIllegalStateException()
			.isThrownBy(() -> LatencyProxyProcess.Launch.classes(ListeningStandIn.class)
				.behind(List.of("sh", "-c", "echo no such namespace; exit 3"))
				.start("127.0.0.1:6379", "2ms", this.folder.resolve("proxy.log")))
			.withMessage("the latency proxy (behind sh -c echo no such namespace; exit 3) ended before it listened "
					+ "(exit 3): no such namespace");
	}

	@Test
	void aPrefixNotInstalledIsAFailureNamingIt() {
		assertThatIllegalStateException()
			.isThrownBy(() -> LatencyProxyProcess.Launch.classes(ListeningStandIn.class)
				.behind(List.of("no-such-prefix-here"))
				.start("127.0.0.1:6379", "2ms", this.folder.resolve("proxy.log")))
			.withMessageContaining("cannot start no-such-prefix-here");
	}

	@Test
	void aJarMissingIsAFailureSayingToBuildIt() {
		Path jar = this.folder.resolve("latency-proxy.jar");

		assertThatIllegalStateException().isThrownBy(() -> LatencyProxyProcess.Launch.jar(jar))
			.withMessage("the latency proxy's jar " + jar
					+ " is missing: build it (scripts/lib/apps.sh's build_jars latency-proxy)");
	}

}
