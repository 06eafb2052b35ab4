package org.redisbench.corpus;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * corpus.sh's options, read by the service itself: defaults, the Spring properties they become, and each bad
 * command line refused in one line, exit 2, before Spring starts (none of these runs reaches a Redis).
 */
class CorpusCommandTest {

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	@Test
	void theDefaultsAreCorpusShsWithThePortGiven() {
		CorpusCommand command = parsed(Map.of(), "--port", "6390");
		assertThat(command.what.kind).isEqualTo(Kind.SESSIONS);
		assertThat(command.what.count).isEqualTo(10_000);
		assertThat(command.springProperties()).containsExactly(entry("spring.data.redis.host", "127.0.0.1"),
				entry("spring.data.redis.port", 6390), entry("spring.data.redis.database", 0), entry("corpus.seed", 1L));
	}

	@Test
	void everyOptionBecomesSpringsPropertyAndThePasswordComesFromTheEnvironment() {
		CorpusCommand command = parsed(Map.of("REDIS_PASSWORD", "s3cret"), "--kind", "cache-json", "-n", "250",
				"--seed", "7", "--port", "6391", "--host", "redis.example", "--db", "3", "--user", "writer");
		assertThat(command.what.kind).isEqualTo(Kind.CACHE_JSON);
		assertThat(command.what.count).isEqualTo(250);
		assertThat(command.springProperties()).containsExactly(entry("spring.data.redis.host", "redis.example"),
				entry("spring.data.redis.port", 6391), entry("spring.data.redis.database", 3),
				entry("spring.data.redis.username", "writer"), entry("spring.data.redis.password", "s3cret"),
				entry("corpus.seed", 7L));
	}

	@Test
	void anEmptyRedisPasswordIsNone() {
		assertThat(parsed(Map.of("REDIS_PASSWORD", ""), "--port", "6390").springProperties())
			.doesNotContainKey("spring.data.redis.password");
	}

	@Test
	void thePasswordIsNoOptionSoThatNoCommandLineShowsIt() {
		assertThat(CommandLines.of(new CorpusCommand()).getCommandSpec().options())
			.flatExtracting((OptionSpec option) -> List.of(option.names()))
			.noneMatch((name) -> name.contains("pass") || name.startsWith("--spring"));
		assertRefused("unknown option '--password'", "--port", "6390", "--password", "s3cret");
		assertThat(this.err.toString()).doesNotContain("s3cret");
	}

	@Test
	void withoutPortNothingIsWritten() {
		assertRefused("spring-corpus: --port is required: corpus.sh writes only to a Redis you name", "-n", "10");
	}

	@Test
	void aMisspeltOptionNamesTheClosest() {
		assertRefused("unknown option '--prot', did you mean --port?", "--prot", "6390");
	}

	@Test
	void badCountsAreRefused() {
		assertRefused("--count is a whole number, at least 1, not 0", "--port", "6390", "-n", "0");
		assertRefused("--count", "--port", "6390", "--count", "ten");
		assertRefused("--seed is a whole number, at least 0, not -1", "--port", "6390", "--seed", "-1");
		assertRefused("--db is a whole number, at least 0, not -2", "--port", "6390", "--db", "-2");
		assertRefused("--port is a port number, 1 to 65535, not 0", "--port", "0");
		assertRefused("unknown corpus 'carts' (one of: sessions, cache-jdk, cache-json)", "--port", "6390", "--kind",
				"carts");
	}

	@Test
	void theOldPositionalCommandLineIsRefused() {
		assertRefused("sessions", "sessions", "10", "--spring.data.redis.port=6390");
	}

	@Test
	void helpShowsWhatAndWhereAsCorpusShDid() {
		assertThat(run(Map.of(), "--help")).isZero();
		assertThat(this.out.toString()).contains("scripts/corpus.sh --port P [options]", "What:", "--kind=K",
				"cache-json", "-n, --count=N", "[10000]", "--seed=S", "Where (a Redis you name;", "--port=P",
				"its port; required", "--host=H", "[127.0.0.1]", "--db=N", "--user=NAME", "REDIS_PASSWORD", "-h, --help")
			.containsSubsequence("What:", "--kind", "--count", "--seed", "Where", "--port", "--host", "--db", "--user");
	}

	private void assertRefused(String saying, String... args) {
		this.err.getBuffer().setLength(0);
		assertThat(run(Map.of(), args)).as(this.err.toString()).isEqualTo(CommandLines.REFUSED);
		assertThat(this.err.toString()).hasLineCount(1).startsWith("spring-corpus: ").contains(saying);
	}

	private int run(Map<String, String> environment, String... args) {
		CommandLine line = CommandLines.of(new CorpusCommand(environment));
		line.setOut(new PrintWriter(this.out, true));
		line.setErr(new PrintWriter(this.err, true));
		return line.execute(args);
	}

	private static CorpusCommand parsed(Map<String, String> environment, String... args) {
		CorpusCommand command = new CorpusCommand(environment);
		CommandLines.of(command).parseArgs(args);
		return command;
	}

}
