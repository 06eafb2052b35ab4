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
import org.springframework.util.FileSystemUtils;

/**
 * A throw-away certificate authority with a server certificate for {@code 127.0.0.1} (unless told otherwise) and a client
 * certificate, made by {@code openssl} for one test run, so no key is ever committed. Each instance is a CA
 * of its own: a client that trusts one does not trust another.
 * <p>
 * Its keys live in a folder of their own until {@link #close()}; a test holds it in a try-with-resources or
 * a JUnit {@code @AutoClose} field, so the folder goes when the test ends, passed or failed. If making them
 * fails, nothing is left behind.
 */
public final class TestCertificates implements AutoCloseable {

	private final Path directory;

	private TestCertificates(Path directory) {
		this.directory = directory;
	}

	public static TestCertificates generate() {
		return generate("IP:127.0.0.1,DNS:localhost");
	}

	/** With a server certificate for other names than the test's server, e.g. {@code DNS:elsewhere.example}. */
	public static TestCertificates generate(String serverSubjectAltName) {
		return generate(Path.of(System.getProperty("java.io.tmpdir")), serverSubjectAltName);
	}

	/** In a new folder under {@code parent}. */
	static TestCertificates generate(Path parent, String serverSubjectAltName) {
		try {
			TestCertificates certificates = new TestCertificates(Files.createTempDirectory(parent, "redis-tls-"));
			try {
				certificates.make(serverSubjectAltName);
				return certificates;
			}
			catch (IOException | RuntimeException ex) {
				certificates.close();
				throw ex;
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void make(String serverSubjectAltName) throws IOException {
		Files.writeString(this.directory.resolve("server.ext"), "subjectAltName=" + serverSubjectAltName + "\n");
		openssl(this.directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc",
				"-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=redis-codec-bench test CA");
		sign(this.directory, "server", "/CN=localhost", "server.ext");
		sign(this.directory, "client", "/CN=redis-codec-bench app", null);
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
				process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				// The log goes with the folder, so what it says goes into the exception.
				throw new IllegalStateException("openssl " + arguments[0] + " failed:\n" + Files.readString(log));
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

	/** Removes the folder with the keys; a server or an app that loaded them keeps what it read. */
	@Override
	public void close() {
		try {
			FileSystemUtils.deleteRecursively(this.directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot remove " + this.directory, ex);
		}
	}

}
