package org.redisbench.migrate;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.tooloutput.RedisInfo;
import org.springframework.data.redis.serializer.RedisSerializer;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.params.SetParams;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A whole run against a real redis-server: the dry run counts and projects and writes nothing; the writing run
 * converts every JDK person, keeps each TTL, leaves what is not a JDK person and reports the memory it saved; run
 * again, it finds the checkpoint finished and says its counts are the earlier run's; a checkpoint-less run finds
 * every value converted already. A checkpoint taken of a redis-server that was restarted on the same port since is
 * refused before anything is written or reported.
 */
class MigratorTest {

	private static final int PERSONS = 600;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@TempDir
	Path folder;

	@Test
	void aDryRunThenAWritingRunConvertEveryJdkPersonAndLeaveTheRest() throws Exception {
		RedisSerializer<Person> jdk = PersonCodec.JDK.newSerializer();
		try (Jedis jedis = redis.server().client()) {
			jedis.flushAll();
			Pipeline pipeline = jedis.pipelined();
			for (long id = 1; id <= PERSONS; id++) {
				pipeline.set(Layout.personKey(id), jdk.serialize(PersonFactory.create(id)),
						SetParams.setParams().px(3_600_000));
			}
			pipeline.set("person_text", "not a person");
			pipeline.hset("person_hash", "f", "v");
			pipeline.sync();
			long expiry = jedis.pexpireTime(Layout.personKey(7));

			JsonNode dry = run("dry-run", "no");
			assertThat(dry.at("/keys/matched").asLong()).isEqualTo(PERSONS + 2);
			assertThat(dry.at("/keys/would_convert").asLong()).isEqualTo(PERSONS);
			assertThat(dry.at("/keys/by_reason/other_format").asLong()).isEqualTo(1);
			assertThat(dry.at("/keys/by_reason/not_a_string").asLong()).isEqualTo(1);
			assertThat(dry.at("/projection/saved_bytes").asLong()).isPositive();
			assertThat(jedis.get(Layout.personKey(7))).as("the dry run wrote nothing").startsWith(0xAC, 0xED);
			assertThat(Files.exists(this.folder.resolve("checkpoint.json"))).isFalse();
			assertThat(dry.at("/service/not_written").asString()).as("the apps' persons, not a service's objects")
				.startsWith("The value-format starter does not write PersonCodec's kryo+zstd-dict: its formats are a"
						+ " service's own objects, and this project's apps read these persons beside kryo+zstd-dict"
						+ " with bench.read-also=jdk (docs/migrate.md); it writes jdk, kryo,");

			JsonNode written = run("write", "yes");
			assertThat(written.at("/keys/converted").asLong()).isEqualTo(PERSONS);
			assertThat(written.at("/keys/refused").asLong()).isEqualTo(2);
			assertThat(written.at("/verify/formats/tagged zstd-dict").asLong()).isEqualTo(PERSONS);
			assertThat(written.at("/verify/decodes").asLong()).isEqualTo(PERSONS);
			assertThat(written.at("/memory/saved_bytes").asLong()).isPositive();
			assertThat(jedis.pexpireTime(Layout.personKey(7))).isEqualTo(expiry);
			assertThat(jedis.get("person_text")).isEqualTo("not a person");
			long saved = written.at("/memory/saved_bytes").asLong();
			double projected = dry.at("/projection/saved_bytes").asDouble();
			assertThat(Math.abs(saved - projected)).isLessThanOrEqualTo((long) (0.05 * projected));

			assertThat(written.at("/counts_of").asText()).isEqualTo("this run");
			assertThat(written.at("/keys/converted_this_run").asLong()).isEqualTo(PERSONS);

			JsonNode again = run("write", "no");
			assertThat(again.at("/keys/converted").asLong()).as("the checkpoint's counts").isEqualTo(PERSONS);
			assertThat(again.at("/counts_of").asText()).as("said to be the earlier run's")
				.startsWith("the earlier runs of checkpoint").endsWith("which had finished");
			assertThat(again.at("/keys/converted_this_run").asLong()).isZero();
			Files.delete(this.folder.resolve("checkpoint.json"));
			JsonNode fresh = run("write", "no");
			assertThat(fresh.at("/keys/converted").asLong()).isZero();
			assertThat(fresh.at("/keys/already_in_target").asLong()).isEqualTo(PERSONS);
		}
	}

	@Test
	void aCheckpointOfARedisThatRestartedOnTheSameAddressIsRefusedAndNothingIsClaimed() throws Exception {
		RedisSerializer<Person> jdk = PersonCodec.JDK.newSerializer();
		store(jdk, 100);
		assertThat(run("write", "no").at("/keys/converted").asLong()).isEqualTo(100);
		String before = runId();

		// another redis-server on the same port, holding JDK persons again: the checkpoint is of the one before
		redis.stop();
		redis.start();
		assertThat(runId()).isNotEqualTo(before);
		store(jdk, 100);
		Path out = this.folder.resolve("refused");

		assertThatThrownBy(() -> run("write", "yes", out)).isInstanceOf(Refusal.class)
			.hasMessageStartingWith("checkpoint " + this.folder.resolve("checkpoint.json")
					+ " was taken of another Redis process at 127.0.0.1:" + redis.port() + " (run_id "
					+ before.substring(0, 12) + "... then, ")
			.hasMessageEndingWith("remove it to start again");
		assertThat(out.resolve(MigrationReport.JSON_FILE)).as("no report claims a conversion").doesNotExist();
		assertThat(out.resolve(MigrationReport.FILE)).doesNotExist();
		try (Jedis jedis = redis.server().client()) {
			for (long id = 1; id <= 100; id++) {
				assertThat(jedis.get(Layout.personKey(id))).as("nothing written: person %d still JDK", id)
					.startsWith(0xAC, 0xED);
			}
		}
	}

	private static void store(RedisSerializer<Person> serializer, int persons) {
		try (Jedis jedis = redis.server().client()) {
			jedis.flushAll();
			Pipeline pipeline = jedis.pipelined();
			for (long id = 1; id <= persons; id++) {
				pipeline.set(Layout.personKey(id),
						serializer.serialize(PersonFactory.create(id)));
			}
			pipeline.sync();
		}
	}

	private static String runId() {
		try (Jedis jedis = redis.server().client()) {
			return RedisInfo.text(jedis.info("server"), "run_id");
		}
	}

	private JsonNode run(String mode, String verify) throws Exception {
		return run(mode, verify, Files.createTempDirectory(this.folder, mode));
	}

	private JsonNode run(String mode, String verify, Path out) throws Exception {
		MigrateCommandTest.run(mode, verify, "--uri", "redis://127.0.0.1:" + redis.port(), "--match", "person_*", "--from", "jdk",
				"--to", "kryo+zstd-dict", "--to-dictionary", "../kryo-app/src/main/resources/person.zdict",
				"--rate", "100000", "--batch", "50", "--max-p99", "0", "--sample",
				"600", "--checkpoint", this.folder.resolve("checkpoint.json").toString(), "--output", out.toString());
		return JSON.readTree(out.resolve(MigrationReport.JSON_FILE).toFile());
	}

}
