package org.redisbench.advise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * scripts/advise.sh end to end at smoke size on Java objects. A source redis-server of the test's own holds what a
 * real Spring Boot service (spring-corpus's jar, as scripts/corpus.sh runs it) leaves in Redis: Spring Session's
 * sessions, a hash each with Spring Security's context, JDK-serialized (db 0), and Spring Cache's orders,
 * JDK-serialized and as Spring's typed JSON (db 1). A user allowed only the read commands runs the advisor with the
 * service's fat jar as --classpath and its packages in --allow: each format detected, every value decoded, typed
 * candidates measured and ranked; the values as they are projected within 5% of the source's own growth, and each
 * candidate from a sample within 5% of the whole converted keyspace; a class left out of --allow refused and counted,
 * and JDK values without --allow one line and exit 2 naming their packages; no secret of the sessions (a CSRF token,
 * a session id) in a report without --show-values.
 */
@Tag("end-to-end")
class AdviseObjectsTest {

	/**
	 * A few thousand of each, as the suite's budget allows (the docs' run has 100,000 sessions); a quarter of the
	 * sessions sampled, so that the projection is one.
	 */
	private static final int SESSIONS = 2_000;

	private static final int ORDERS = 2_000;

	private static final int SAMPLE = 500;

	/** More than any source here holds: the whole keyspace read. */
	private static final int WHOLE = 100_000;

	private static final double TOLERANCE = 0.05;

	/** A session is a hash of 9 fields: Spring Session's 3 (creation, last access, timeout) and 6 attributes. */
	private static final int FIELDS = 9;

	private static final String SESSIONS_MATCH = "spring:session:sessions:*";

	private static final String ALLOW = "org.redisbench.corpus.**,org.springframework.security.**";

	private static final String CSRF_TOKEN = "sessionAttr:org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository.CSRF_TOKEN";

	private static final Pattern UUID = Pattern
		.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

	/**
	 * The values as they are, and typed candidates of each kind on the objects (the JDK's own, Jackson with the type,
	 * Kryo and Fory with classes registered), with and without compression, in the source's own shape and a key a
	 * value; no CPU, which AdviseJsonTest times.
	 */
	private static final List<String> CANDIDATES = List.of("--encodings", "as-is", "--objects",
			"jdk,jackson-typed,kryo-registered,fory-registered", "--compression", "none,zstd", "--layouts",
			"as-stored,string-per-key", "--no-cpu");

	private static final RedisServer source = new RedisServer();

	@TempDir
	static Path folder;

	static long sessionsGrowth;

	static long ordersGrowth;

	static long sessionsWritten;

	static long ordersWritten;

	/** The read-only user's run, and what the source saw of it. */
	static Advised sessions;

	static Map<String, Long> calls;

	static Set<String> otherThanReads;

	static List<String> refused;

	/** Each session's id and CSRF token, either of which lets a request through as the shopper. */
	static Set<String> secrets;

	@BeforeAll
	static void theServiceWritesAndTheReadOnlyUserRuns() {
		source.start();
		try (Jedis jedis = source.client()) {
			// Each corpus's growth as the advisor measures a load: from a Redis holding one key, so that the
			// allocator's first 50 kB are not the corpus's (the ~100 kB a first large load leaves is under 1% of these).
			jedis.set("value-advisor:marker", "x");
			long before = usedMemory(jedis);
			write("sessions", SESSIONS, 0);
			sessionsGrowth = usedMemory(jedis) - before;
			jedis.del("value-advisor:marker");
			sessionsWritten = jedis.dbSize();
			jedis.select(1);
			jedis.set("value-advisor:marker", "x");
			before = usedMemory(jedis);
			write("cache-jdk", ORDERS, 1);
			write("cache-json", ORDERS, 1);
			ordersGrowth = usedMemory(jedis) - before;
			jedis.del("value-advisor:marker");
			ordersWritten = jedis.dbSize();
		}
		SourceAccess.createReadOnlyUser(source, "advisor", "advisor-secret");
		SourceAccess.resetCounts(source);
		sessions = Shell.user().with("ADVISE_PASSWORD", "advisor-secret").advise(folder.resolve("sessions"),
				candidates("redis://advisor@127.0.0.1:" + source.port() + "/0", "--match", SESSIONS_MATCH, "--sample",
						String.valueOf(SAMPLE)));
		calls = source.commandCalls();
		otherThanReads = SourceAccess.otherThanReads(source);
		refused = SourceAccess.refused(source);
		secrets = secrets();
	}

	@AfterAll
	static void stopTheSource() {
		source.discard();
	}

	@Test
	void theServiceWroteItsSessionsAndOrders() {
		assertThat(sessionsWritten).as("sessions").isEqualTo(SESSIONS);
		assertThat(ordersWritten).as("orders, JDK and typed JSON").isEqualTo(2 * ORDERS);
	}

	@Test
	void theReadOnlyUserReadsEverySessionsValueAsObjectsWithTheServicesJar() {
		assertThat(sessions.status()).as(sessions.toString()).isZero();
		JsonNode sample = sessions.sample();
		assertThat(sample.path("keys_read").asInt()).as("sessions read").isEqualTo(SAMPLE);
		assertThat(sample.path("values").asInt()).as("their values").isEqualTo(FIELDS * SAMPLE);
		assertThat(sample.path("formats").path("jdk").asInt()).as("JDK streams").isEqualTo(FIELDS * SAMPLE);
		assertThat(StreamSupport.stream(sample.path("formats").spliterator(), false).mapToInt(JsonNode::asInt).sum())
			.as("values of any format, %s", sample.path("formats"))
			.isEqualTo(FIELDS * SAMPLE);
		assertThat(sample.path("decoded").asInt()).as("decoded").isEqualTo(sample.path("values").asInt());
		assertThat(sample.path("refused")).as("refused").isEmpty();
		assertThat(sample.path("missing_classes")).as("classes missing").isEmpty();
		assertThat(sessions.rows()).as("a row per candidate").hasSize(20)
			.allMatch((row) -> row.path("measured").asBoolean(), "measured");
	}

	@Test
	void itSentTheSourceOnlyReadsAndNothingWasRefused() {
		assertThat(calls).as("INFO commandstats after the run").containsKeys("scan", "hscan", "memory|usage");
		assertThat(otherThanReads).as("commands other than reads, of %s", calls.keySet()).isEmpty();
		assertThat(refused).as("ACL LOG").isEmpty();
	}

	@Test
	void sessionsTypedCandidatesHoldAndTheAdviceRanksThem() {
		assertThat(sessions.status()).as(sessions.toString()).isZero();
		assertTypedRowsHold(sessions);
		assertThat(sessions.markdown()).as("ranked").containsPattern("(?m)^\\| 1 \\|")
			.as("what to change").containsPattern("(?m)^## What to change");
	}

	@Test
	void sessionsProjectedWithinFivePercentOfTheSourcesGrowthAndOfTheWhole() {
		assertAsStoredCloseTo(sessions, sessionsGrowth);
		Advised whole = Shell.own().advise(folder.resolve("sessions-whole"), candidates(
				"redis://127.0.0.1:" + source.port() + "/0", "--match", SESSIONS_MATCH, "--sample",
				String.valueOf(WHOLE)));
		assertThat(whole.status()).as(whole.toString()).isZero();
		assertThat(sessions.rowsAwayFrom(whole, TOLERANCE)).as("rows projected more than 5% away from the whole")
			.isEmpty();
	}

	/**
	 * Every typed codec once, on a few sessions: a codec that cannot carry a session says why in a line, none stops
	 * the advisor, and no report of a run that read the sessions' secrets and tried every codec holds one.
	 */
	@Test
	void everyTypedCodecEndsWithASessionCarriedOrAReasonAndNoReportHoldsASecret() throws IOException {
		Advised every = Shell.own().advise(folder.resolve("every-codec"), "--uri",
				"redis://127.0.0.1:" + source.port() + "/0", "--match", SESSIONS_MATCH, "--sample", "50", "--classpath",
				jar().toString(), "--allow", ALLOW, "--encodings", "as-is", "--objects", "all", "--compression", "none",
				"--layouts", "as-stored", "--no-cpu");
		assertThat(every.status()).as(every.toString()).isZero();
		List<JsonNode> typed = every.rows().stream().filter((row) -> row.path("typed").asBoolean()).toList();
		assertThat(typed).as("every typed codec's rows").hasSizeGreaterThanOrEqualTo(12)
			.allMatch((row) -> row.path("measured").asBoolean(), "measured")
			.allMatch((row) -> row.path("cannot_carry").asInt() == 0 || isOneLineReason(row), "carried or a reason");
		// The advisor's classpath has no Spring Security, as launched (the pom leaves it out of the tests' too): the
		// service's is on --classpath only, which the reader fastjson2 generates into a class loader of its own cannot see.
		assertThat(typed).as("fastjson2: what its generated reader cannot see (a LinkageError) is a reason")
			.anyMatch((row) -> row.path("encoding").asString().equals("fastjson2") && row.path("cannot_carry_because")
				.asString("")
				.contains("cannot link org.springframework.security.core.Authentication"));

		assertThat(secrets).as("the sessions' secrets read from the source: a CSRF token and a session id each")
			.hasSize(2 * SESSIONS);
		assertThat(secretsIn(sessions)).as("secrets in the sampled run's reports").isEmpty();
		assertThat(secretsIn(every)).as("secrets in the reports of the run of every codec").isEmpty();
	}

	@Test
	void cachedOrdersJdkAndTypedJsonSideBySide() {
		Advised orders = Shell.own().advise(folder.resolve("orders"),
				candidates("redis://127.0.0.1:" + source.port() + "/1", "--sample", String.valueOf(WHOLE)));
		assertThat(orders.status()).as(orders.toString()).isZero();
		JsonNode sample = orders.sample();
		assertThat(sample.path("values").asInt()).as("values").isEqualTo(2 * ORDERS);
		assertThat(sample.path("formats").path("jdk").asInt()).as("JDK streams").isEqualTo(ORDERS);
		assertThat(sample.path("formats").path("typed-json").asInt()).as("typed JSON documents").isEqualTo(ORDERS);
		assertThat(sample.path("decoded").asInt()).as("decoded").isEqualTo(2 * ORDERS);
		assertThat(orders.rows()).as("a row per candidate").hasSize(20)
			.allMatch((row) -> row.path("measured").asBoolean(), "measured");
		assertTypedRowsHold(orders);
		assertAsStoredCloseTo(orders, ordersGrowth);
	}

	@Test
	void springSecurityLeftOutOfAllowIsRefusedAndCountedTheCartsDecoded() {
		Advised run = Shell.own().advise(folder.resolve("refused"), "--uri",
				"redis://127.0.0.1:" + source.port() + "/0", "--match", SESSIONS_MATCH, "--sample", "50", "--classpath",
				jar().toString(), "--allow", "org.redisbench.corpus.**", "--encodings", "as-is", "--objects", "jdk",
				"--compression", "none", "--layouts", "as-stored", "--no-cpu");
		assertThat(run.status()).as(run.toString()).isZero();
		JsonNode sample = run.sample();
		List<JsonNode> security = StreamSupport.stream(sample.path("refused").spliterator(), false)
			.filter((refusal) -> refusal.path("class").asString().startsWith("org.springframework.security."))
			.toList();
		assertThat(security).as("Spring Security's classes refused, of %s", sample.path("refused")).isNotEmpty();
		assertThat(security.stream().mapToInt((refusal) -> refusal.path("values").asInt()).sum())
			.as("the values refused, a security context a session").isGreaterThanOrEqualTo(50);
		assertThat(sample.path("decoded").asInt()).as("the carts and the rest decoded").isPositive()
			.isLessThan(sample.path("values").asInt());
	}

	@Test
	void jdkValuesWithoutAllowAreOneLineNamingTheirPackages() {
		Shell.own().advise(folder.resolve("no-allow"), "--no-cpu", "--uri", "redis://127.0.0.1:" + source.port() + "/0",
				"--match", SESSIONS_MATCH, "--sample", "50", "--classpath", jar().toString())
			.assertRefusedSaying("org\\.springframework\\.security", "org\\.redisbench\\.corpus");
	}

	@Test
	void aClasspathThatDoesNotExistIsOneLine() {
		Shell.own().advise(folder.resolve("no-jar"), "--no-cpu", "--uri", "redis://127.0.0.1:" + source.port() + "/0",
				"--classpath", folder.resolve("no-such.jar").toString(), "--allow", ALLOW)
			.assertRefusedSaying("no-such\\.jar");
	}

	/** {@code scripts/corpus.sh --kind KIND -n COUNT --db DB}: the service's jar writes into the source. */
	private static void write(String kind, int count, int db) {
		// C1 only, as corpus.sh runs it: the writer lives seconds, and C2's threads cost more CPU than they save.
		ChildProcess.Ran corpus = ChildProcess.run(folder,
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
						"-jar", jar().toString(), "--kind", kind, "-n", String.valueOf(count), "--host", "127.0.0.1",
						"--port", String.valueOf(source.port()), "--db", String.valueOf(db), "--seed", "1"),
				folder.resolve(kind + ".log"), Duration.ofMinutes(3));
		assertThat(corpus.exitValue()).as("spring-corpus %s: %s", kind, corpus.logTail(20)).isZero();
	}

	private static Path jar() {
		Path jar = Path.of(System.getProperty("spring-corpus.jar", "../spring-corpus/target/spring-corpus.jar"));
		assertThat(jar).as("spring-corpus's jar (built first: the pom's dependency)").isRegularFile();
		return jar;
	}

	/** A run of {@link #CANDIDATES} with the service's jar and {@link #ALLOW}, on the source at {@code uri}. */
	private static String[] candidates(String uri, String... sampling) {
		return Stream
			.of(Stream.of("--uri", uri), Stream.of(sampling),
					Stream.of("--classpath", jar().toString(), "--allow", ALLOW), CANDIDATES.stream())
			.flatMap((args) -> args)
			.toArray(String[]::new);
	}

	/**
	 * The JDK's own re-encoding carried every value unchanged, and so did one other codec; a codec that could not
	 * carry a value says why in one line, never a stack trace.
	 */
	private static void assertTypedRowsHold(Advised run) {
		List<JsonNode> typed = run.rows().stream().filter((row) -> row.path("typed").asBoolean()).toList();
		assertThat(typed).as("typed rows").isNotEmpty();
		assertThat(typed).filteredOn((row) -> row.path("encoding").asString().equals("jdk"))
			.as("the JDK's own carried every value unchanged")
			.isNotEmpty()
			.allMatch(AdviseObjectsTest::carriedEveryValue);
		assertThat(typed).as("another codec carried every value unchanged")
			.anyMatch((row) -> !row.path("encoding").asString().equals("jdk") && carriedEveryValue(row));
		assertThat(typed).as("a codec that could not carry a value says why in a line")
			.allMatch((row) -> row.path("cannot_carry").asInt() == 0 || isOneLineReason(row));
	}

	private static boolean carriedEveryValue(JsonNode row) {
		return row.path("cannot_carry").asInt() == 0 && row.path("round_trip_failures").asInt() == 0;
	}

	private static boolean isOneLineReason(JsonNode row) {
		JsonNode because = row.path("cannot_carry_because");
		return because.isString() && !because.asString().isBlank() && !because.asString().contains("\n")
				&& !because.asString().contains("\tat ");
	}

	/** The values as they are, in the source's own shape, projected within 5% of what they grew the source by. */
	private static void assertAsStoredCloseTo(Advised run, long growth) {
		JsonNode asStored = run.rows().stream()
			.filter((row) -> row.path("encoding").asString().equals("as-is")
					&& row.path("compression").asString().equals("none")
					&& row.path("layout").asString().equals("as-stored"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no as-is+none as-stored row in " + run.rows()));
		assertThat(asStored.path("projected_bytes").asDouble()).as("the values as they are, against the source's growth")
			.isCloseTo(growth, withinPercentage(100 * TOLERANCE));
	}

	/** Every session's id (its key's last part) and the CSRF token in its hash, read from the source. */
	private static Set<String> secrets() {
		Set<String> found = new HashSet<>();
		try (Jedis jedis = source.client()) {
			String cursor = ScanParams.SCAN_POINTER_START;
			do {
				ScanResult<String> keys = jedis.scan(cursor, new ScanParams().match(SESSIONS_MATCH).count(1000));
				for (String key : keys.getResult()) {
					found.add(key.substring(key.lastIndexOf(':') + 1));
					Matcher token = UUID.matcher(new String(jedis.hget(key.getBytes(StandardCharsets.UTF_8),
							CSRF_TOKEN.getBytes(StandardCharsets.UTF_8)), StandardCharsets.ISO_8859_1));
					while (token.find()) {
						found.add(token.group());
					}
				}
				cursor = keys.getCursor();
			}
			while (!cursor.equals(ScanParams.SCAN_POINTER_START));
		}
		return found;
	}

	/** The secrets in the run's advice.md, advice.json or advice.csv. */
	private static List<String> secretsIn(Advised run) throws IOException {
		StringBuilder reports = new StringBuilder();
		for (String file : List.of(AdviceReport.FILE, AdviceFiles.JSON, AdviceFiles.CSV)) {
			reports.append(Files.readString(run.out().resolve(file)));
		}
		return secrets.stream().filter((secret) -> reports.indexOf(secret) >= 0).toList();
	}

	private static long usedMemory(Jedis jedis) {
		return RedisInfo.number(jedis.info("memory"), "used_memory");
	}

}
