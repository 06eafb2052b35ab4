package org.redisbench.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.pem.PemSslStoreBundle;
import org.springframework.boot.ssl.pem.PemSslStoreDetails;

/**
 * A throw-away certificate authority with a server certificate for {@code 127.0.0.1} (unless told otherwise) and a client
 * certificate, made by {@code openssl} for one test run, so no key is ever committed. Each instance is a CA
 * of its own: a client that trusts one does not trust another.
 */
public final class TestCertificates {

	private final Path directory;

	private TestCertificates(Path directory) {
		this.directory = directory;
	}

	public static TestCertificates generate() {
		return generate("IP:127.0.0.1,DNS:localhost");
	}

	/** With a server certificate for other names than the test's server, e.g. {@code DNS:elsewhere.example}. */
	public static TestCertificates generate(String serverSubjectAltName) {
		try {
			Path directory = Files.createTempDirectory("redis-tls-");
			Files.writeString(directory.resolve("server.ext"), "subjectAltName=" + serverSubjectAltName + "\n");
			openssl(directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc",
					"-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=redis-codec-bench test CA");
			sign(directory, "server", "/CN=localhost", "server.ext");
			sign(directory, "client", "/CN=redis-codec-bench app", null);
			return new TestCertificates(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void sign(Path directory, String name, String subject, String extensions) {
		openssl(directory, "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc", "-keyout",
				name + ".key", "-out", name + ".csr", "-subj", subject);
		List<String> arguments = new ArrayList<>(List.of("x509", "-req", "-in", name + ".csr", "-CA", "ca.crt",
				"-CAkey", "ca.key", "-CAcreateserial", "-out", name + ".crt", "-days", "2"));
		if (extensions != null) {
			arguments.addAll(List.of("-extfile", extensions));
		}
		openssl(directory, arguments.toArray(String[]::new));
	}

	private static void openssl(Path directory, String... arguments) {
		List<String> command = new ArrayList<>();
		command.add("openssl");
		command.addAll(List.of(arguments));
		Path log = directory.resolve("openssl.log");
		try {
			Process process = new ProcessBuilder(command).directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
				.start();
			if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IllegalStateException("openssl " + arguments[0] + " failed; see " + log);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot run openssl (is it installed and on the PATH?)", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public Path caCertificate() {
		return this.directory.resolve("ca.crt");
	}

	public Path serverCertificate() {
		return this.directory.resolve("server.crt");
	}

	public Path serverKey() {
		return this.directory.resolve("server.key");
	}

	/**
	 * The standard Spring Boot properties that make an app speak TLS to Redis, trusting this CA and showing the
	 * client certificate it signed.
	 */
	public Map<String, String> springProperties() {
		String bundle = "spring.ssl.bundle.pem.redis-test.";
		return Map.of("spring.data.redis.ssl.enabled", "true", "spring.data.redis.ssl.bundle", "redis-test",
				bundle + "keystore.certificate", location("client.crt"), bundle + "keystore.private-key",
				location("client.key"), bundle + "truststore.certificate", location("ca.crt"));
	}

	/** The same trust and client certificate for a plain Jedis client of the test. */
	public SSLContext clientContext() {
		PemSslStoreDetails keyStore = PemSslStoreDetails.forCertificate(location("client.crt"))
			.withPrivateKey(location("client.key"));
		PemSslStoreDetails trustStore = PemSslStoreDetails.forCertificate(location("ca.crt"));
		return SslBundle.of(new PemSslStoreBundle(keyStore, trustStore)).createSslContext();
	}

	private String location(String file) {
		return "file:" + this.directory.resolve(file);
	}

}
