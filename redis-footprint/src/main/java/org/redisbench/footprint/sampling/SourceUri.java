package org.redisbench.footprint.sampling;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Map;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

import org.redisbench.commandline.Refusal;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * {@code redis://[user[:password]@]host[:port][/db]}, or {@code rediss://} for TLS. A password is taken from
 * the URI only if it is there; otherwise from {@value #PASSWORD_VARIABLE}, then {@code REDISCLI_AUTH}
 * (redis-cli's own), so that it never has to be on a command line.
 */
public record SourceUri(HostAndPort address, String user, String password, int database, boolean tls, Path caCertificate) {

	public static final String PASSWORD_VARIABLE = "ADVISE_PASSWORD";

	/** Whether a URI carries a password, which every user of the machine sees on a command line (ps). */
	public static boolean showsPassword(String uri) {
		return uri.matches("[^/]*://[^@/]*:[^@/]*@.*");
	}

	private static final int TIMEOUT_MILLIS = 10_000;

	public static SourceUri parse(String text, Map<String, String> environment, Path caCertificate) {
		URI uri;
		try {
			uri = new URI(text);
		}
		catch (URISyntaxException ex) {
			throw new Refusal("not a URI: " + ex.getMessage());
		}
		String scheme = uri.getScheme();
		if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
			throw new Refusal(
					"the source URI starts redis:// or rediss://, not " + text.replaceAll(":[^@/]*@", ":***@"));
		}
		if (uri.getHost() == null) {
			throw new Refusal("the source URI names no host");
		}
		String user = null;
		String password = null;
		if (uri.getRawUserInfo() != null) {
			String[] parts = uri.getRawUserInfo().split(":", 2);
			user = parts[0].isEmpty() ? null : decode(parts[0]);
			password = parts.length == 2 ? decode(parts[1]) : null;
		}
		if (password == null) {
			password = environment.getOrDefault(PASSWORD_VARIABLE, environment.get("REDISCLI_AUTH"));
		}
		String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
		if (!path.isEmpty() && !path.matches("\\d{1,4}")) {
			throw new Refusal("the source URI's path is a database number, not '" + path + "'");
		}
		return new SourceUri(new HostAndPort(uri.getHost(), uri.getPort() == -1 ? 6379 : uri.getPort()), user,
				password == null || password.isEmpty() ? null : password, path.isEmpty() ? 0 : Integer.parseInt(path),
				"rediss".equals(scheme), caCertificate);
	}

	/** The same user, password and TLS for another node of a cluster. */
	public JedisClientConfig config() {
		DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
			.user(this.user)
			.password(this.password)
			.database(this.database)
			.connectionTimeoutMillis(TIMEOUT_MILLIS)
			.socketTimeoutMillis(TIMEOUT_MILLIS)
			// no CLIENT SETINFO: the advisor sends only the read commands it documents
			.clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
			.ssl(this.tls);
		if (this.tls && this.caCertificate != null) {
			builder.sslSocketFactory(trusting(this.caCertificate));
		}
		return builder.build();
	}

	/** For the report and errors: never the password. */
	public String describe() {
		return (this.tls ? "rediss://" : "redis://") + (this.user == null ? "" : this.user + "@") + this.address
				+ "/" + this.database;
	}

	private static String decode(String part) {
		return URLDecoder.decode(part, StandardCharsets.UTF_8);
	}

	private static SSLSocketFactory trusting(Path pem) {
		try (InputStream in = Files.newInputStream(pem)) {
			KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
			store.load(null, null);
			int index = 0;
			for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
				store.setCertificateEntry("ca" + index++, certificate);
			}
			TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trust.init(store);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, trust.getTrustManagers(), null);
			return context.getSocketFactory();
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new Refusal("cannot read the CA certificate " + pem + ": " + ex.getMessage());
		}
	}

}
