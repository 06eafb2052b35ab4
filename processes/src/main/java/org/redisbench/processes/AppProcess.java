package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One of the apps (or a user's Spring Boot service) as a child JVM of ours on a free port of 127.0.0.1, up once
 * {@code /actuator/health} answers 200 there and the port's listening socket is this JVM's. Its Spring properties
 * come as command-line arguments; a Redis password is handed over in its environment
 * ({@code SPRING_DATA_REDIS_PASSWORD}), which only this user can read, never on the command line, which every user
 * can. Nothing else of the shell's Redis or Spring settings reaches it.
 */
public final class AppProcess extends ServerProcess {

	/** As scripts/lib/app.sh waits: a cold JVM's Spring context on a loaded 2-core machine. */
	public static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	/** Its Redis connections and Tomcat close in order on {@code SIGTERM}; a loaded machine takes its time. */
	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private final String name;

	private final Path java;

	private final List<String> launch;

	private final List<String> arguments;

	private final Map<String, String> handedOver;

	private final Duration startTimeout;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	/**
	 * @param name for messages and its folder, e.g. {@code string-app}
	 * @param launch what follows {@code java}: the JVM's options, then {@code -jar JAR} (or {@code -cp PATH MAIN})
	 * @param arguments its own, after the port and address given here, e.g. {@code --spring.data.redis.port=6380}
	 * @param handedOver its environment beyond the cleaned one, e.g. {@code SPRING_DATA_REDIS_PASSWORD}
	 */
	public AppProcess(String name, List<String> launch, List<String> arguments, Map<String, String> handedOver) {
		this(name, thisJava(), launch, arguments, handedOver, START_TIMEOUT);
	}

	/** The java command of this JVM, which runs an app unless a caller names another. */
	public static Path thisJava() {
		return Path.of(System.getProperty("java.home"), "bin", "java");
	}

	/**
	 * @param java the java command that runs it, e.g. {@code /usr/lib/jvm/temurin-25-jdk-amd64/bin/java}: what the
	 * app costs under each Java is what instrument-cost compares
	 * @param startTimeout how long it may take to report UP, when a caller's user says (FAULTS_START_TIMEOUT)
	 */
	public AppProcess(String name, Path java, List<String> launch, List<String> arguments,
			Map<String, String> handedOver, Duration startTimeout) {
		this.startTimeout = startTimeout;
		this.name = name;
		this.java = java;
		this.launch = List.copyOf(launch);
		this.arguments = List.copyOf(arguments);
		this.handedOver = Map.copyOf(handedOver);
	}

	/** Where a client reaches it. */
	public URI url() {
		return URI.create("http://127.0.0.1:" + port());
	}

	@Override
	protected String program() {
		return this.name;
	}

	@Override
	protected List<String> command(Path directory) {
		List<String> command = new ArrayList<>();
		command.add(this.java.toString());
		command.addAll(this.launch);
		command.add("--server.port=" + port());
		command.add("--server.address=127.0.0.1");
		command.addAll(this.arguments);
		return command;
	}

	@Override
	protected Map<String, String> handedOver() {
		return this.handedOver;
	}

	/** It names no pid of its own: the listening socket says whose answer this is. */
	@Override
	protected OptionalLong answeringPid() {
		HttpRequest health = HttpRequest.newBuilder(url().resolve("/actuator/health")).timeout(Duration.ofSeconds(2)).build();
		try {
			int status = this.http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode();
			if (status != 200) {
				throw new IllegalStateException(this.name + "'s health is " + status + ", not UP");
			}
			return OptionalLong.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while asking " + this.name + "'s health", ex);
		}
	}

	@Override
	protected Duration startTimeout() {
		return this.startTimeout;
	}

	@Override
	protected Duration stopTimeout() {
		return STOP_TIMEOUT;
	}

}
