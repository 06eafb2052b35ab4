package org.redisbench.processes;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;

/**
 * The least an app answers AppProcess with: {@code /actuator/health} UP on {@code --server.port}, until it is
 * stopped. A JVM of a few classes, where a Spring Boot app would take half a minute of a loaded machine's CPU.
 */
public final class HealthApp {

	private HealthApp() {
	}

	public static void main(String[] arguments) throws IOException {
		int port = 0;
		for (String argument : arguments) {
			if (argument.startsWith("--server.port=")) {
				port = Integer.parseInt(argument.substring("--server.port=".length()));
			}
		}
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
		server.createContext("/actuator/health", (exchange) -> {
			byte[] up = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, up.length);
			exchange.getResponseBody().write(up);
			exchange.close();
		});
		server.start();
	}

}
