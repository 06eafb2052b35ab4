package org.redisbench.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Sends back every byte it receives, and half-closes when the client does: a target for the proxy. */
final class EchoServer implements AutoCloseable {

	private final ServerSocket listener;

	private final ExecutorService threads = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "echo");
		thread.setDaemon(true);
		return thread;
	});

	EchoServer() {
		try {
			this.listener = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.threads.execute(this::acceptAll);
	}

	int port() {
		return this.listener.getLocalPort();
	}

	@Override
	public void close() throws IOException {
		this.listener.close();
		this.threads.shutdownNow();
	}

	private void acceptAll() {
		while (!this.listener.isClosed()) {
			try {
				Socket socket = this.listener.accept();
				this.threads.execute(() -> echo(socket));
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private static void echo(Socket socket) {
		try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
			in.transferTo(out);
			socket.shutdownOutput();
		}
		catch (IOException ex) {
			// The client reset or vanished: its test fails on its side.
		}
	}

}
