package org.redisbench.advise;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.person.PersonFactory;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * scripts/advise.sh end to end at smoke size on JSON values. A source redis-server of the test's own holds the
 * project's persons (db 0), Debian's iso-codes records, a key each, with a few values that are not JSON and one too
 * large (db 1), and hashes (db 2). A user allowed only the read commands runs the advisor from a shell with Redis and
 * Spring settings of its own, and INFO commandstats shows nothing else ran; per candidate, the bytes projected from a
 * sample are within 5% of the whole converted keyspace measured (and, for the values as they are, of the source's own
 * growth); files, a folder, and JMH's quick run. Needs iso-codes (the isoquery package brings it).
 */
@Tag("end-to-end")
class AdviseJsonTest {

	private static final int PERSONS = 10_000;

	private static final int SAMPLE = 2_000;

	/** More than any source here holds: the whole keyspace read. */
	private static final int WHOLE = 100_000;

	private static final double TOLERANCE = 0.05;

	private static final Path ISO_CODES = Path.of("/usr/share/iso-codes/json");

	/**
	 * The candidates the projection is checked for: an encoding of each kind, compressions with and without a
	 * dictionary, both layouts; the whole matrix is what the docs' runs show.
	 */
	private static final List<String> CANDIDATES = List.of("--train-values", "500", "--encodings", "as-is,msgpack",
			"--compression", "none,lz4,zstd-dict", "--layouts", "string-per-key,hash-bucket", "--no-cpu");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final RedisServer source = new RedisServer();

	@TempDir
	static Path folder;

	/** What the persons grew the source's memory by, measured as the advisor measures. */
	static long personsGrowth;

	static long isoRecords;

	/** The read-only user's run, and what the source saw of it. */
	static Advised persons;

	static Set<String> otherThanReads;

	static List<String> refused;

	static Map<String, Long> calls;

	@BeforeAll
	static void theSourcesAndTheReadOnlyUsersRun() throws IOException {
		assertThat(ISO_CODES).as("iso-codes (apt-get install iso-codes)").isDirectory();
		source.start();
		try (Jedis jedis = source.client()) {
			// A first load leaves ~100 kB that a Redis keeps after FLUSHALL, and the first key after it ~50 kB, neither
			// of them the persons'.
			writePersons(jedis);
			jedis.flushAll();
			jedis.set("value-advisor:marker", "x");
			long before = usedMemory(jedis);
			writePersons(jedis);
			personsGrowth = usedMemory(jedis) - before;
			jedis.del("value-advisor:marker");
			jedis.select(1);
			writeIsoCodes(jedis);
			isoRecords = jedis.dbSize();
			for (int i = 1; i <= 3; i++) {
				jedis.set("not-json:" + i, "plain text " + i + ", not JSON");
			}
			jedis.set("too-large", "x".repeat(70_000));
			jedis.select(2);
			for (int h = 1; h <= 20; h++) {
				jedis.hset("session:" + h, Map.of("a", "{\"user\":" + h + "}", "b", "{\"cart\":[" + h + ",2,3]}", "c",
						"{\"seen\":\"2026-11-26\"}"));
			}
		}
		SourceAccess.createReadOnlyUser(source, "advisor", "advisor-secret");
		SourceAccess.resetCounts(source);
		// ADVISE_PASSWORD comes before the shell's REDISCLI_AUTH, and its other settings change nothing: the advisor
		// measures in a redis-server of its own as without them.
		persons = Shell.user().with("ADVISE_PASSWORD", "advisor-secret").advise(folder.resolve("persons"),
				candidates("redis://advisor@127.0.0.1:" + source.port() + "/0", SAMPLE));
		calls = source.commandCalls();
		otherThanReads = SourceAccess.otherThanReads(source);
		refused = SourceAccess.refused(source);
	}

	@AfterAll
	static void stopTheSource() {
		source.discard();
	}

	@Test
	void theReadOnlyUserSamplesThePersonsWithThePasswordFromAdvisePassword() {
		assertThat(persons.status()).as(persons.toString()).isZero();
		JsonNode sample = persons.sample();
		assertThat(sample.path("matched").asInt()).as("keys matched").isEqualTo(PERSONS);
		assertThat(sample.path("values").asInt()).as("values sampled").isEqualTo(SAMPLE);
		assertThat(sample.path("json_values").asInt()).as("JSON values").isEqualTo(SAMPLE);
		assertThat(persons.rows()).as("a row per candidate").hasSize(12)
			.allMatch((row) -> row.path("measured").asBoolean(), "measured")
			.allMatch((row) -> row.path("round_trip_failures").asInt() == 0, "round-tripped");
	}

	@Test
	void itSentTheSourceOnlyReadsAndNothingWasRefusedNorChanged() {
		assertThat(calls).as("INFO commandstats after the run").containsKeys("scan", "memory|usage", "getrange");
		assertThat(otherThanReads).as("commands other than reads, of %s", calls.keySet()).isEmpty();
		assertThat(refused).as("ACL LOG").isEmpty();
		assertThat(source.dbSize()).as("the persons are still all there").isEqualTo(PERSONS);
	}

	@Test
	void itWritesEveryFileAndAdviceThatRanksAndSaysWhatToChange() {
		assertThat(persons.status()).as(persons.toString()).isZero();
		for (String file : List.of(AdviceReport.FILE, AdviceFiles.CSV, AdviceFiles.JSON, "redis-bytes-per-value.png")) {
			assertThat(persons.out().resolve(file)).as(file).isNotEmptyFile();
		}
		assertThat(persons.markdown()).as("ranked").containsPattern("(?m)^\\| 1 \\|")
			.as("what to change").containsPattern("(?m)^## What to change")
			.as("the listpack setting for buckets").containsPattern("hash-max-listpack-value [0-9]");
	}

	@Test
	void personsProjectedFromASampleAreWithinFivePercentOfTheWholeAndOfTheSourcesGrowth() {
		Advised whole = Shell.own().advise(folder.resolve("persons-whole"),
				candidates("redis://127.0.0.1:" + source.port() + "/0", WHOLE));
		assertThat(whole.status()).as(whole.toString()).isZero();
		assertThat(persons.rowsAwayFrom(whole, TOLERANCE)).as("rows projected more than 5% away from the whole")
			.isEmpty();
		JsonNode asIs = persons.rows().stream()
			.filter((row) -> row.path("encoding").asString().equals("as-is")
					&& row.path("compression").asString().equals("none")
					&& row.path("layout").asString().equals("string-per-key"))
			.findFirst().orElseThrow();
		assertThat(asIs.path("projected_bytes").asDouble()).as("the persons as they are, against the source's growth")
			.isCloseTo(personsGrowth, withinPercentage(100 * TOLERANCE));
	}

	@Test
	void isoCodesAJsonCorpusNoOneHereWroteIsProjectedWithinFivePercentOfTheWhole() {
		assertThat(isoRecords).as("iso-codes records loaded").isGreaterThan(10_000);
		String uri = "redis://127.0.0.1:" + source.port() + "/1";
		Advised sampled = Shell.own().advise(folder.resolve("iso"), candidates(uri, SAMPLE));
		assertThat(sampled.status()).as(sampled.toString()).isZero();
		Advised whole = Shell.own().advise(folder.resolve("iso-whole"), candidates(uri, WHOLE));
		assertThat(whole.status()).as(whole.toString()).isZero();
		assertThat(sampled.rowsAwayFrom(whole, TOLERANCE)).as("rows projected more than 5% away from the whole")
			.isEmpty();
		JsonNode sample = whole.sample();
		assertThat(sample.path("values").asInt() - sample.path("json_values").asInt())
			.as("the values that are not JSON, counted and measured as bytes").isEqualTo(3);
		assertThat(sample.path("skipped").path("too_large").asInt()).as("the value over --max-value-bytes")
			.isEqualTo(1);
		assertThat(whole.markdown()).as("what was only compressed").contains("are not JSON objects or arrays");
	}

	@Test
	void hashFieldsAreSampled() {
		Advised hashes = Shell.own().advise(folder.resolve("hashes"), "--uri",
				"redis://127.0.0.1:" + source.port() + "/2", "--sample", "100", "--encodings", "as-is", "--compression",
				"none", "--layouts", "string-per-key", "--no-cpu");
		assertThat(hashes.status()).as(hashes.toString()).isZero();
		assertThat(hashes.sample().path("keys_read").asInt()).as("hashes read").isEqualTo(20);
		assertThat(hashes.sample().path("values").asInt()).as("their fields' values").isEqualTo(60);
	}

	@Test
	void jsonLinesWithJmhsQuickRun() throws IOException {
		List<String> subdivisions = subdivisions();
		Path file = Files.write(folder.resolve("subdivisions.jsonl"), subdivisions);
		Advised lines = Shell.own().advise(folder.resolve("lines"), "--file", file.toString(), "--sample", "1000",
				"--encodings", "as-is,smile", "--compression", "none,zstd", "--layouts", "string-per-key", "--quick");
		assertThat(lines.status()).as(lines.toString()).isZero();
		assertThat(lines.sample().path("matched").asInt()).as("every line counted").isEqualTo(subdivisions.size());
		assertThat(lines.rows()).as("encode and decode timed with an interval").isNotEmpty()
			.allMatch((row) -> row.path("encode_ns").asDouble() > 0 && row.path("decode_ns").asDouble() > 0
					&& row.path("decode_ns_error").asDouble() >= 0);
		assertThat(lines.out().resolve("raw/jmh.log")).as("JMH's log").isNotEmptyFile();
	}

	@Test
	void aFolderAValueAFile() throws IOException {
		Path values = Files.createDirectories(folder.resolve("folder"));
		List<String> subdivisions = subdivisions();
		for (int i = 0; i < subdivisions.size(); i++) {
			Files.writeString(values.resolve(String.format("value-%04d", i)), subdivisions.get(i) + "\n");
		}
		Advised run = Shell.own().advise(folder.resolve("folder-run"), "--file", values.toString(), "--sample", "300",
				"--encodings", "cbor", "--compression", "gzip", "--layouts", "string-per-key", "--no-cpu");
		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(run.sample().path("values").asInt()).as("files sampled").isEqualTo(300);
	}

	/** A run of {@link #CANDIDATES} on {@code sample} values of the source at {@code uri}. */
	private static String[] candidates(String uri, int sample) {
		return Stream.concat(Stream.of("--uri", uri, "--sample", String.valueOf(sample)), CANDIDATES.stream())
			.toArray(String[]::new);
	}

	private static void writePersons(Jedis jedis) {
		Pipeline pipeline = jedis.pipelined();
		for (long id = 1; id <= PERSONS; id++) {
			pipeline.set(("person_" + id).getBytes(), JSON.writeValueAsBytes(PersonFactory.create(id)));
		}
		pipeline.sync();
	}

	/** Every record of every iso-codes table, a key each: {@code TABLE:INDEX}, the record as compact JSON. */
	private static void writeIsoCodes(Jedis jedis) throws IOException {
		Pipeline pipeline = jedis.pipelined();
		try (Stream<Path> tables = Files.list(ISO_CODES)) {
			for (Path table : tables.filter((path) -> path.getFileName().toString().matches("iso_.*\\.json")).toList()) {
				String name = table.getFileName().toString().replaceFirst("\\.json$", "");
				for (JsonNode records : JSON.readTree(table.toFile())) {
					for (int i = 0; i < records.size(); i++) {
						pipeline.set(name + ":" + i, JSON.writeValueAsString(records.get(i)));
					}
				}
			}
		}
		pipeline.sync();
	}

	/** ISO 3166-2's subdivisions, a JSON line each. */
	private static List<String> subdivisions() {
		List<String> lines = new ArrayList<>();
		for (JsonNode records : JSON.readTree(ISO_CODES.resolve("iso_3166-2.json").toFile())) {
			records.forEach((record) -> lines.add(JSON.writeValueAsString(record)));
		}
		return lines;
	}

	private static long usedMemory(Jedis jedis) {
		return RedisInfo.number(jedis.info("memory"), "used_memory");
	}

}
