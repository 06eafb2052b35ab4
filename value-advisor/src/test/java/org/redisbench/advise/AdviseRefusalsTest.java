package org.redisbench.advise;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.FreePorts;
import org.redisbench.processes.RedisServer;
import redis.clients.jedis.Jedis;

/**
 * scripts/advise.sh's refusals of a source it cannot read, or of options that cannot go together: each one line and
 * exit 2, never a stack trace; against a source redis-server of the test's own, with a user allowed only reads.
 */
@Tag("end-to-end")
class AdviseRefusalsTest {

	private static final RedisServer source = new RedisServer();

	@TempDir
	static Path folder;

	private static int runs;

	@BeforeAll
	static void aSourceWithAReadOnlyUser() {
		source.start();
		try (Jedis jedis = source.client()) {
			jedis.set("person_1", "{\"id\":1}");
		}
		SourceAccess.createReadOnlyUser(source, "advisor", "advisor-secret");
	}

	@AfterAll
	static void stopTheSource() {
		source.discard();
	}

	@Test
	void anUnreachableHost() {
		refused(Shell.own(), "cannot reach", "--uri", "redis://127.0.0.1:" + FreePorts.next());
	}

	@Test
	void aWrongPasswordInAdvisePassword() {
		refused(Shell.own().with("ADVISE_PASSWORD", "wrong"), "refused", "--uri",
				"redis://advisor@127.0.0.1:" + source.port());
	}

	/** Without a password, the advisor would reach the source as the default user, which has none. */
	@Test
	void aWrongPasswordInRedisCliAuthWhichAdviseShHandsOnForAUri() {
		refused(Shell.own().with("REDISCLI_AUTH", "wrong"), "refused", "--uri",
				"redis://advisor@127.0.0.1:" + source.port());
	}

	@Test
	void tlsToAPortWithoutIt() {
		refused(Shell.own(), "TLS failed|cannot reach", "--uri", "rediss://127.0.0.1:" + source.port());
	}

	@Test
	void anEmptyMatch() {
		refused(Shell.own(), "no key matches", "--uri", "redis://127.0.0.1:" + source.port(), "--match", "nothing:*");
	}

	@Test
	void anUnknownOption() {
		refused(Shell.own(), "unknown option", "--uri", "redis://127.0.0.1:" + source.port(), "--nope");
	}

	@Test
	void anUnknownEncoding() {
		refused(Shell.own(), "unknown encodings", "--uri", "redis://127.0.0.1:" + source.port(), "--encodings", "avro");
	}

	@Test
	void bothAUriAndAFile() {
		refused(Shell.own(), "not both", "--uri", "redis://127.0.0.1:" + source.port(), "--file", "/etc/hostname");
	}

	@Test
	void maxValueBytesAbove128KiB() {
		refused(Shell.own(), "at most", "--file", "/etc/hostname", "--max-value-bytes", "200000");
	}

	private static void refused(Shell shell, String pattern, String... args) {
		String[] line = new String[args.length + 1];
		line[0] = "--no-cpu";
		System.arraycopy(args, 0, line, 1, args.length);
		shell.advise(folder.resolve("refused-" + ++runs), line).assertRefusedSaying(pattern);
	}

}
