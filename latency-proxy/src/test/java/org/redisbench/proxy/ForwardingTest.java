package org.redisbench.proxy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the proxy must never get wrong, whatever the machine's load: bytes unchanged and in order, a half-close
 * and a reset passed on, nothing delivered before its delay. Timing is only ever asserted as a lower bound,
 * which the proxy guarantees by construction.
 */
class ForwardingTest {

	private static final long SEED = Long.getLong("proxy.seed", System.nanoTime());

	private final Proxies proxies = new Proxies();

	private final EchoServer echo = new EchoServer();

	@AfterEach
	void stop() throws IOException {
		this.proxies.close();
		this.echo.close();
	}

	@Test
	void manyConnectionsAtOnceGetTheirOwnBytesBackUnchangedAndInOrder() throws Exception {
		// Jitter wider than the gaps between reads would reorder chunks if the proxy let them overtake.
		LatencyProxy proxy = this.proxies.start(this.echo.port(), "--delay", "0.3ms", "--jitter", "0.25ms");
		int connections = 300;
		ExecutorService threads = Executors.newFixedThreadPool(2 * connections);
		try {
			CountDownLatch allConnected = new CountDownLatch(connections);
			List<Future<byte[][]>> results = new ArrayList<>();
			for (int i = 0; i < connections; i++) {
				Random random = new Random(SEED + i);
				byte[] payload = new byte[1 + random.nextInt(128 * 1024)];
				random.nextBytes(payload);
				results.add(threads.submit(() -> {
					try (Socket socket = Proxies.connect(proxy)) {
						allConnected.countDown();
						allConnected.await(30, TimeUnit.SECONDS);
						Future<byte[]> received = threads.submit(() -> socket.getInputStream().readAllBytes());
						writeInRandomPieces(socket.getOutputStream(), payload, random);
						socket.shutdownOutput();
						return new byte[][] { payload, received.get(60, TimeUnit.SECONDS) };
					}
				}));
			}
			for (Future<byte[][]> result : results) {
				byte[][] sentAndReceived = result.get(120, TimeUnit.SECONDS);
				assertThat(sentAndReceived[1]).as("echo of %d random bytes (seed %d)", sentAndReceived[0].length, SEED)
					.isEqualTo(sentAndReceived[0]);
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(proxy.traffic()).startsWith(connections + " connections");
	}

	@Test
	void halfCloseIsPassedOnAndTheOtherDirectionGoesOn() throws Exception {
		try (ServerSocket target = listener()) {
			LatencyProxy proxy = this.proxies.start(target.getLocalPort(), "--delay", "0.2ms");
			try (Socket client = Proxies.connect(proxy); Socket server = accept(target)) {
				client.getOutputStream().write(ascii("request"));
				client.shutdownOutput();
				assertThat(server.getInputStream().readAllBytes()).as("the request, then end of stream")
					.isEqualTo(ascii("request"));
				server.getOutputStream().write(ascii("answer after the client's half-close"));
				server.close();
				assertThat(client.getInputStream().readAllBytes()).isEqualTo(ascii("answer after the client's half-close"));
			}
		}
	}

	@Test
	void resetByTheClientReachesTheTarget() throws Exception {
		try (ServerSocket target = listener()) {
			LatencyProxy proxy = this.proxies.start(target.getLocalPort(), "--delay", "0.2ms");
			try (Socket client = Proxies.connect(proxy); Socket server = accept(target)) {
				client.getOutputStream().write(ascii("partial"));
				assertThat(server.getInputStream().readNBytes(7)).isEqualTo(ascii("partial"));
				abort(client);
				assertThatThrownBy(() -> server.getInputStream().read()).isInstanceOf(SocketException.class)
					.hasMessageContaining("reset");
			}
		}
	}

	@Test
	void resetByTheTargetReachesTheClient() throws Exception {
		try (ServerSocket target = listener()) {
			LatencyProxy proxy = this.proxies.start(target.getLocalPort(), "--delay", "0.2ms");
			try (Socket client = Proxies.connect(proxy); Socket server = accept(target)) {
				server.getOutputStream().write(ascii("partial"));
				assertThat(client.getInputStream().readNBytes(7)).isEqualTo(ascii("partial"));
				abort(server);
				assertThatThrownBy(() -> client.getInputStream().read()).isInstanceOf(SocketException.class)
					.hasMessageContaining("reset");
			}
		}
	}

	@Test
	void aTargetThatRefusesResetsTheClient() throws Exception {
		int closedPort;
		try (ServerSocket gone = listener()) {
			closedPort = gone.getLocalPort();
		}
		LatencyProxy proxy = this.proxies.start(closedPort, "--delay", "0.2ms");
		try (Socket client = Proxies.connect(proxy)) {
			assertThatThrownBy(() -> {
				client.getOutputStream().write(ascii("PING\r\n"));
				client.getInputStream().read();
			}).isInstanceOf(SocketException.class).hasMessageContaining("reset");
		}
	}

	@Test
	void nothingArrivesBeforeItsDelayEachWay() throws Exception {
		LatencyProxy proxy = this.proxies.start(this.echo.port(), "--delay", "2ms", "--jitter", "1ms");
		try (Socket socket = Proxies.connect(proxy)) {
			long[] roundTrips = new long[20];
			for (int i = 0; i < roundTrips.length; i++) {
				long start = System.nanoTime();
				socket.getOutputStream().write(i);
				assertThat(socket.getInputStream().read()).isEqualTo(i);
				roundTrips[i] = System.nanoTime() - start;
			}
			// Each way at least 2 ms - 1 ms of jitter.
			assertThat(Arrays.stream(roundTrips).min().getAsLong()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(2));
		}
	}

	@Test
	void theRateLimitsHowSoonTheLastByteArrives() throws Exception {
		// 8 mbit/s is 1 MB/s: 200 kB cannot arrive in less than 0.2 s however fast the machine.
		LatencyProxy proxy = this.proxies.start(this.echo.port(), "--rate", "8mbit");
		byte[] payload = new byte[200_000];
		new Random(SEED).nextBytes(payload);
		try (Socket socket = Proxies.connect(proxy)) {
			long start = System.nanoTime();
			CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> readAll(socket));
			socket.getOutputStream().write(payload);
			socket.shutdownOutput();
			assertThat(received.get(60, TimeUnit.SECONDS)).isEqualTo(payload);
			// Both ways share no link, so the echo's last byte is at least 0.2 s (one way's transmission) late.
			assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
		}
	}

	private static void writeInRandomPieces(OutputStream out, byte[] payload, Random random) throws IOException {
		for (int offset = 0; offset < payload.length;) {
			int length = Math.min(payload.length - offset, 1 + random.nextInt(16 * 1024));
			out.write(payload, offset, length);
			offset += length;
		}
	}

	private static byte[] readAll(Socket socket) {
		try {
			return socket.getInputStream().readAllBytes();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static ServerSocket listener() throws IOException {
		return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
	}

	private static Socket accept(ServerSocket target) throws IOException {
		target.setSoTimeout(20_000);
		Socket socket = target.accept();
		socket.setSoTimeout(20_000);
		return socket;
	}

	/** Closes with SO_LINGER 0: the kernel sends an RST, as a crashed or impatient peer does. */
	private static void abort(Socket socket) throws IOException {
		socket.setSoLinger(true, 0);
		socket.close();
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
