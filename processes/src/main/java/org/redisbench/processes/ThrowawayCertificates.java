package org.redisbench.processes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A throw-away certificate authority with a server certificate for {@code 127.0.0.1} (unless told otherwise) and a client
 * certificate, made by {@code openssl} for one run, so no key is ever committed. Each instance is a CA
 * of its own: a client that trusts one does not trust another.
 * <p>
 * Its keys live in a folder of their own until {@link #close()}; a test holds it in a try-with-resources or
 * a JUnit {@code @AutoClose} field, so the folder goes when the test ends, passed or failed. If making them
 * fails, nothing is left behind.
 */
public final class ThrowawayCertificates implements AutoCloseable {

	private static final Duration OPENSSL_TIMEOUT = Duration.ofSeconds(30);

	/** A key store that never leaves memory still wants a password for its key. */
	private static final char[] IN_MEMORY = "in-memory only".toCharArray();

	private final Path directory;

	private ThrowawayCertificates(Path directory) {
		this.directory = directory;
	}

	public static ThrowawayCertificates generate() {
		return generate("IP:127.0.0.1,DNS:localhost");
	}

	/** With a server certificate for other names than our server's, e.g. {@code DNS:elsewhere.example}. */
	public static ThrowawayCertificates generate(String serverSubjectAltName) {
		return generate(Path.of(System.getProperty("java.io.tmpdir")), serverSubjectAltName);
	}

	/** In a new folder under {@code parent}. */
	static ThrowawayCertificates generate(Path parent, String serverSubjectAltName) {
		try {
			ThrowawayCertificates certificates = new ThrowawayCertificates(Files.createTempDirectory(parent, "redis-tls-"));
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
				"-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=redis-codec-bench throw-away CA");
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
		ChildProcess.Ran openssl = ChildProcess.run(directory, command, directory.resolve("openssl.log"), OPENSSL_TIMEOUT);
		if (openssl.exitValue() != 0) {
			// The log goes with the folder, so what it says goes into the exception.
			throw new IllegalStateException("openssl " + arguments[0] + " failed:\n" + openssl.logTail(50));
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

	/** The client certificate, for a tool that takes it as a file (PEM), as a user gives theirs. */
	public Path clientCertificate() {
		return this.directory.resolve("client.crt");
	}

	public Path clientKey() {
		return this.directory.resolve("client.key");
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

	/** The same trust and client certificate for a plain Jedis client of ours. */
	public SSLContext clientContext() {
		try {
			KeyStore keys = emptyKeyStore();
			keys.setKeyEntry("client", privateKey("client.key"), IN_MEMORY, new Certificate[] { certificate("client.crt") });
			KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			keyManagers.init(keys, IN_MEMORY);
			KeyStore trusted = emptyKeyStore();
			trusted.setCertificateEntry("ca", certificate("ca.crt"));
			TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trustManagers.init(trusted);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
			return context;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the certificates in " + this.directory, ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("cannot use the certificates in " + this.directory, ex);
		}
	}

	private String location(String file) {
		return "file:" + this.directory.resolve(file);
	}

	private Certificate certificate(String file) throws IOException, GeneralSecurityException {
		try (InputStream pem = Files.newInputStream(this.directory.resolve(file))) {
			return CertificateFactory.getInstance("X.509").generateCertificate(pem);
		}
	}

	/** openssl 3 writes a new key as PKCS #8 ({@code BEGIN PRIVATE KEY}), which the JDK reads once unwrapped. */
	private PrivateKey privateKey(String file) throws IOException, GeneralSecurityException {
		String base64 = Files.readAllLines(this.directory.resolve(file))
			.stream()
			.filter((line) -> !line.startsWith("-----"))
			.reduce("", String::concat);
		return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
	}

	private static KeyStore emptyKeyStore() throws IOException, GeneralSecurityException {
		KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
		store.load(null, null);
		return store;
	}

	/** Removes the folder with the keys; a server or an app that loaded them keeps what it read. */
	@Override
	public void close() {
		Folders.delete(this.directory);
	}

}
