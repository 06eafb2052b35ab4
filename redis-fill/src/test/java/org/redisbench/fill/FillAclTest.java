package org.redisbench.fill;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.fill.Shell.Ran;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fill and memory-at-scale into a Redis of the user's that knows only an ACL user, its password read from
 * {@code REDIS_PASSWORD} alone, whatever else the shell holds: what is there is never written over unasked, and
 * never flushed.
 */
class FillAclTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension(RedisServer.withAclUser("filler"));

	private final Shell shell = Shell.withRedisPassword(redis.server().password());

	/** As a user may be given: a plan then says it sampled with the server's defaults. */
	@BeforeAll
	static void configIsDeniedToTheUser() {
		try (Jedis jedis = redis.server().client()) {
			jedis.aclSetUser("filler", "-config");
		}
	}

	@Test
	void theUsersFillIsThereAndTheSameRangeAgainIsRefusedUnlessOverwrittenOrInAnotherDatabase() {
		Ran fill = fill();
		assertThat(fill.status()).as(fill.toString()).isZero();
		assertThat(redis.dbSize()).isEqualTo(250);

		Ran again = fill();
		assertThat(again.status()).as(again.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(again.err()).as(again.toString())
			.containsPattern("(?m)^fill: 127\\.0\\.0\\.1:" + redis.port()
					+ " db 0 holds person_[0-9]+, in the range of ids 1\\.\\.250");

		Ran overwritten = fill("--overwrite");
		assertThat(overwritten.status()).as(overwritten.toString()).isZero();
		Ran elsewhere = fill("--db", "3");
		assertThat(elsewhere.status()).as(elsewhere.toString()).isZero();
		try (Jedis jedis = redis.server().client()) {
			jedis.select(3);
			assertThat(jedis.dbSize()).as("db 3").isEqualTo(250);
		}
	}

	@Test
	void aWrongPasswordIsRefusedInOneLine() {
		Ran ran = Shell.withRedisPassword("wrong").fill("-n", "250", "--port", port(), "--user", "filler");

		assertThat(ran.status()).as(ran.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(ran.err()).as(ran.toString()).hasLineCount(1).containsPattern("(?m)^fill: cannot fill .*WRONGPASS");
	}

	@Test
	void aPlanWithoutConfigSaysItSampledWithTheServersDefaults() {
		Ran ran = this.shell.fill("-n", "1000", "--port", port(), "--user", "filler", "--plan", "--plan-sample", "1000");

		assertThat(ran.status()).as(ran.toString()).isZero();
		assertThat(ran.err()).as(ran.toString()).contains("CONFIG GET refused");

		Ran tooFew = fill("--plan");
		assertThat(tooFew.status()).as(tooFew.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(tooFew.err()).as(tooFew.toString()).contains("rounds of whole buckets");
	}

	@Test
	void memoryAtScaleWritesWhatThePersonsAddedAndRefusesSeveralSizes(@TempDir Path folder) throws Exception {
		Path table = folder.resolve("memory.md");

		Ran ran = this.shell.memoryAtScale("-n", "250", "--codecs", "kryo", "--compression", "none", "--layouts",
				"hash-bucket", "--port", port(), "--user", "filler", "--db", "5", "-o", table.toString());

		assertThat(ran.status()).as(ran.toString()).isZero();
		assertThat(Files.readString(table))
			.containsPattern("(?m)^\\| 250 \\| kryo \\| none \\| hash-bucket \\| [0-9]+\\.[0-9] \\|");

		Ran sizes = this.shell.memoryAtScale("-n", "10,20", "--port", port(), "--user", "filler");
		assertThat(sizes.status()).as(sizes.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(sizes.err()).as(sizes.toString()).contains("never flushed");
	}

	/** 250 persons as the user filler, the password from REDIS_PASSWORD. */
	private Ran fill(String... more) {
		List<String> args = new ArrayList<>(List.of("-n", "250", "--port", port(), "--user", "filler"));
		args.addAll(List.of(more));
		return this.shell.fill(args.toArray(String[]::new));
	}

	private static String port() {
		return String.valueOf(redis.port());
	}

}
