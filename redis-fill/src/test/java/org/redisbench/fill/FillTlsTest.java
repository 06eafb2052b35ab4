package org.redisbench.fill;

import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.commandline.CommandLines;
import org.redisbench.fill.Shell.Ran;
import org.redisbench.processes.RedisServer;
import org.redisbench.processes.ThrowawayCertificates;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/** fill into a Redis that speaks TLS only and demands a client certificate, the server's name checked. */
class FillTlsTest {

	/**
	 * A server certificate for 127.0.0.1, so that the same server named localhost is refused; and for a DNS name
	 * elsewhere, since where a certificate lists no DNS name the JDK checks a name against its subject's CN, which
	 * is localhost.
	 */
	@AutoClose
	static final ThrowawayCertificates certificates = ThrowawayCertificates.generate("IP:127.0.0.1,DNS:elsewhere.example");

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension(RedisServer.withTls(certificates));

	private final Shell shell = Shell.withoutRedisPassword();

	@Test
	void hashBucketsWithAClientCertificateEveryPersonThere() {
		Ran ran = fill("127.0.0.1");

		assertThat(ran.status()).as(ran.toString()).isZero();
		try (Jedis jedis = redis.server().client()) {
			assertThat(jedis.hlen("persons:{0}") + jedis.hlen("persons:{1}") + jedis.hlen("persons:{2}"))
				.isEqualTo(250);
		}
	}

	@Test
	void aNameTheCertificateDoesNotHaveIsRefused() {
		Ran ran = fill("localhost");

		assertThat(ran.status()).as(ran.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(ran.err()).as(ran.toString())
			.containsPattern("(?m)^fill: cannot fill localhost:.*SSLHandshakeException.* name matching localhost");
	}

	private Ran fill(String host) {
		return this.shell.fill("-n", "250", "--host", host, "--port", String.valueOf(redis.port()), "--tls", "--cacert",
				certificates.caCertificate().toString(), "--cert", certificates.clientCertificate().toString(), "--key",
				certificates.clientKey().toString(), "--layout", "hash-bucket");
	}

}
