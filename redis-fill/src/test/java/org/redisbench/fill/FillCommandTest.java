package org.redisbench.fill;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;
import org.redisbench.valueformat.Compression;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** fill's and memory-at-scale's command lines: the defaults fill.sh had, and each refusal before anything starts. */
class FillCommandTest {

	private final StringWriter err = new StringWriter();

	@Test
	void theDefaultsAreAMillionKryoPersonsOnFourConnectionsIntoARedisOfOurOwn() {
		FillCommand.Settings settings = settings();

		assertThat(settings.own()).isTrue();
		assertThat(settings.connections()).containsExactly(4);
		assertThat(settings.fill().persons()).isEqualTo(1_000_000);
		assertThat(settings.fill().batch()).isEqualTo(1000);
		assertThat(settings.fill().codec()).isEqualTo(PersonCodec.KRYO);
		assertThat(settings.fill().compression()).isEqualTo(Compression.NONE);
		assertThat(settings.fill().layout()).isEqualTo(Layout.STRING_PER_KEY);
		assertThat(settings.fill().ttl()).isNull();
	}

	@Test
	void aRedisGivenIsReachedAsToldWithThePasswordOnlyFromTheEnvironment() {
		FillCommand.Settings settings = settings("--host", "127.0.0.2", "--port", "7000", "--user", "filler", "--db",
				"3", "--overwrite", "--connections", "2", "-n", "250", "--ttl", "60");

		assertThat(settings.own()).isFalse();
		Reach reach = settings.fill().reach();
		assertThat(reach.where()).isEqualTo("127.0.0.2:7000");
		assertThat(reach.user()).isEqualTo("filler");
		assertThat(reach.database()).isEqualTo(3);
		assertThat(reach.password()).isEqualTo(System.getenv(TargetOptions.PASSWORD_VARIABLE));
		assertThat(settings.fill().overwrite()).isTrue();
		assertThat(settings.fill().ttl()).hasSeconds(60);
	}

	@Test
	void zstdDictCompressesWithTheDictionaryOfTheCodecsApp() {
		FillCommand.Settings settings = settings("--compression", "zstd-dict", "--codec", "fastjson2");

		assertThat(settings.fill().dictionary()).endsWith(Path.of("string-app", "src", "main",
				"resources", "person.zdict"));
		assertThat(Files.isReadable(settings.fill().dictionary())).isTrue();
	}

	@Test
	void whatDoesNotGoTogetherIsRefusedBeforeAnythingStarts() {
		assertRefused("given twice", "--connections", "2,2");
		assertRefused("whole number from 1", "--connections", "0");
		assertRefused("without --port", "--connections", "1,2", "--port", "7000");
		assertRefused("neither --compare-pipe nor --verify", "--connections", "1,2", "--compare-pipe");
		assertRefused("multiple of 100", "-n", "250", "--verify");
		assertRefused("no app stores persons with codec msgpack", "-n", "300", "--codec", "msgpack", "--verify");
		assertRefused("a plain Redis on 127.0.0.1 only", "-n", "300", "--verify", "--port", "7000", "--db", "1");
		assertRefused("at most N", "-n", "300", "--verify-sample", "301");
		assertRefused("without --host and --port", "--cluster", "127.0.0.1:7000", "--port", "7001");
		assertRefused("HOST:PORT", "--cluster", "127.0.0.1");
		assertRefused("are for --tls", "--port", "7000", "--cacert", "pom.xml");
		assertRefused("--cert and --key go together", "--port", "7000", "--tls", "--cert", "pom.xml");
		assertRefused("cannot read", "--port", "7000", "--tls", "--cacert", "no-such.pem");
		assertRefused("are for a Redis given by --host, --port or --cluster", "--user", "filler");
		assertRefused("flushes its Redis", "--port", "7000", "--compare-pipe");
		assertRefused("rounds of whole buckets: -n at least 500", "--plan", "-n", "10");
		assertRefused("one of them", "--plan", "--no-plan");
		assertRefused("--plan-sample must be at least 500", "--plan-sample", "499");
		assertRefused("--ttl must be at least 1", "--ttl", "0");
		assertRefused("unknown layout", "--layout", "hash");
		assertRefused("no codec 'kyro'", "--codec", "kyro");
		assertRefused("no app ships a zstd dictionary", "--codec", "msgpack", "--compression", "zstd-dict");
	}

	@Test
	void aMisspeltOptionExitsTwoInOneLineNamingTheClosest() {
		assertThat(execute(new FillCommand(), "--persns", "5")).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).hasLineCount(1)
			.startsWith("fill: unknown option '--persns', did you mean --persons?");
	}

	@Test
	void memoryAtScaleRefusesAListItemGivenTwiceAndSeveralFillsIntoARedisOfYours() {
		assertThat(execute(new MemoryAtScaleCommand(), "--sizes", "10,10")).isEqualTo(CommandLines.REFUSED);
		assertThat(execute(new MemoryAtScaleCommand(), "--codecs", "kryo,kryo")).isEqualTo(CommandLines.REFUSED);
		assertThat(execute(new MemoryAtScaleCommand(), "--layouts", "hash")).isEqualTo(CommandLines.REFUSED);
		assertThat(execute(new MemoryAtScaleCommand(), "-n", "10,20", "--port", "7000"))
			.isEqualTo(CommandLines.REFUSED);
		assertThat(execute(new MemoryAtScaleCommand(), "--compressions", "none")).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).hasLineCount(5)
			.contains("size '10' given twice", "codec 'kryo' given twice", "unknown layout 'hash'", "never flushed",
					"did you mean --compression?");
	}

	private static FillCommand.Settings settings(String... args) {
		FillCommand command = new FillCommand();
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

	private static void assertRefused(String saying, String... args) {
		assertThatThrownBy(() -> settings(args)).as(String.join(" ", args))
			.isInstanceOf(Refusal.class)
			.hasMessageContaining(saying);
	}

	private int execute(Object command, String... args) {
		CommandLine line = CommandLines.of(command);
		line.setErr(new PrintWriter(this.err, true));
		line.setOut(new PrintWriter(new StringWriter(), true));
		return line.execute(args);
	}

}
