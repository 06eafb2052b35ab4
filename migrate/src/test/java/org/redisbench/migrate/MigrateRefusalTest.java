package org.redisbench.migrate;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.model.Layout;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.testsupport.RedisServerExtension;
import org.springframework.data.redis.serializer.RedisSerializer;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the migrator refuses of a live source, each in one line and exit status 2 before anything is written: an
 * unknown codec, {@code --to} equal to {@code --from}, a zstd-dict side without its dictionary, a user that may only
 * read, a checkpoint of another migration. (A checkpoint of a Redis since restarted on the same port: MigratorTest;
 * a cluster with a master down: LiveSwitchTest.)
 */
class MigrateRefusalTest {

	private static final int PERSONS = 100;

	private static final String DICTIONARY = "../kryo-app/src/main/resources/person.zdict";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@TempDir
	Path folder;

	private final StringWriter err = new StringWriter();

	private int runs;

	@BeforeEach
	void storeJdkPersons() {
		RedisSerializer<Person> jdk = PersonCodec.JDK.newSerializer();
		try (Jedis jedis = redis.server().client()) {
			Pipeline pipeline = jedis.pipelined();
			for (long id = 1; id <= PERSONS; id++) {
				pipeline.set(Layout.personKey(id), jdk.serialize(PersonFactory.create(id)));
			}
			pipeline.sync();
		}
	}

	@Test
	void anUnknownCodecIsRefused() {
		assertRefused("no codec 'jdkx'", "--from", "jdkx", "--to", "kryo");
	}

	@Test
	void toEqualToFromIsRefused() {
		assertRefused("nothing to convert", "--from", "jdk", "--to", "jdk");
	}

	@Test
	void aZstdDictSideWithoutItsDictionaryIsRefused() {
		assertRefused("needs --to-dictionary", "--from", "jdk", "--to", "kryo+zstd-dict");
	}

	/** The password in the URI here, where the launcher's user gives ADVISE_PASSWORD: this JVM's environment is fixed. */
	@Test
	void aUserThatMayOnlyReadIsRefusedWriteAndNothingIsWritten() {
		try (Jedis jedis = redis.server().client()) {
			jedis.aclSetUser("reader", "on", ">reader-secret", "~*", "+@read", "+ping", "+info", "+client|list",
					"+memory|stats", "+acl|whoami", "+script|load");
		}
		assertThat(MigrateCommandTest.execute(this.err, "--uri", "redis://reader:reader-secret@127.0.0.1:" + redis.port(),
				"--match", "person_*", "--from", "jdk", "--to", "kryo+zstd-dict", "--to-dictionary", DICTIONARY, "--write",
				"--checkpoint", this.folder.resolve("reader.json").toString(), "--output",
				this.folder.resolve("reader").toString()))
			.as(this.err.toString())
			.isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains("user 'reader' may not write");
		assertThat(jdkPersons()).as("nothing written").isEqualTo(PERSONS);
	}

	@Test
	void aCheckpointOfAnotherMigrationIsRefused() {
		Path checkpoint = this.folder.resolve("checkpoint.json");
		assertThat(MigrateCommandTest.execute(this.err, args("--from", "jdk", "--to", "kryo+zstd-dict", "--to-dictionary",
				DICTIONARY, "--write", "--max-p99", "0", "--checkpoint", checkpoint.toString())))
			.as(this.err.toString())
			.isZero();

		assertRefused("another migration", "--from", "fastjson2", "--to", "kryo", "--write", "--checkpoint",
				checkpoint.toString());
	}

	private void assertRefused(String saying, String... conversion) {
		assertThat(MigrateCommandTest.execute(this.err, args(conversion))).as(this.err.toString()).isEqualTo(2);
		assertThat(this.err.toString()).hasLineCount(1).contains(saying);
	}

	/** The source, its persons and a folder of their own, then the conversion's options. */
	private String[] args(String... conversion) {
		List<String> args = new ArrayList<>(List.of("--uri", "redis://127.0.0.1:" + redis.port(), "--match", "person_*",
				"--output", this.folder.resolve("out-" + ++this.runs).toString()));
		args.addAll(List.of(conversion));
		return args.toArray(String[]::new);
	}

	/** The persons still starting with the JDK stream's magic, AC ED. */
	private static long jdkPersons() {
		try (Jedis jedis = redis.server().client()) {
			long jdk = 0;
			for (long id = 1; id <= PERSONS; id++) {
				if (LiveSwitchTest.jdkStream(jedis.getrange(Layout.personKey(id), 0, 1))) {
					jdk++;
				}
			}
			return jdk;
		}
	}

}
