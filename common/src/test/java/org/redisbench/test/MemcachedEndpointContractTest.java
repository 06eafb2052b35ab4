package org.redisbench.test;

import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.processes.MemcachedServer;
import org.redisbench.processes.Waits;
import org.redisbench.store.PersonStorage;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.Concurrently;
import org.redisbench.testsupport.MemcachedServerExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint contract with {@code bench.store=memcached}, run against a real app on a real {@code memcached}:
 * the same answers as on Redis ({@link EndpointContract}). An app holds itself to it by extending this class
 * with nothing but its own test class; a subclass may add properties ({@code bench.mode=pipeline}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "bench.memcached.op-timeout=1s", "bench.memcached.connect-timeout=1s",
				"bench.request-timeout=2s", "bench.max-value-bytes=4096" })
// Closed after the class: a cached context's client would go on reconnecting to the memcached this class stopped.
@DirtiesContext
public abstract class MemcachedEndpointContractTest {

	/** Documented: one operation timeout plus the request timeout; with slack for two shared cores. */
	private static final Duration UNAVAILABLE_BOUND = Duration.ofSeconds(5);

	@RegisterExtension
	static final MemcachedServerExtension memcached = new MemcachedServerExtension();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@LocalServerPort
	private int port;

	@Autowired
	private PersonStorage store;

	@DynamicPropertySource
	static void memcachedProperties(DynamicPropertyRegistry registry) {
		memcached.addProperties(registry);
	}

	private MemcachedServer server() {
		return memcached.server();
	}

	@BeforeEach
	void reset() {
		assertThat(get("/reset").status()).isEqualTo(200);
	}

	@Test
	void addStoresTheNextHundredPersonsFromIdOne() {
		assertThat(get("/add").status()).isEqualTo(200);

		assertThat(server().persons(1, 100)).isEqualTo(100);
		assertThat(server().contains("person_101")).isFalse();
		assertThat(server().secondsToLive("person_1")).as("without bench.ttl nothing expires").isEqualTo(-1L);
		assertThat(get("/add").status()).isEqualTo(200);
		assertThat(server().persons(1, 300)).isEqualTo(200);
	}

	@Test
	void checkVerifiesWhatAddStored() {
		get("/add");
		get("/add");

		assertThat(get("/check").status()).isEqualTo(200);
		assertThat(get("/check").status()).isEqualTo(200);
		Answer beyond = get("/check");
		assertThat(beyond.status()).isEqualTo(404);
		assertThat(beyond.body()).contains("201");
	}

	@Test
	void checkSingleAnswersEachCase() {
		get("/add");

		assertThat(get("/checksingle/5").status()).isEqualTo(200);
		Answer absent = get("/checksingle/101");
		assertThat(absent.status()).isEqualTo(404);
		assertThat(absent.body()).contains("101");
		assertThat(get("/checksingle/abc").status()).isEqualTo(400);
		assertThat(get("/checksingle/0").status()).isEqualTo(400);
	}

	@Test
	void foreignValuesAreErrorsNamingTheId() {
		get("/add");
		server().set("person_5", "not a person".getBytes(StandardCharsets.UTF_8));
		server().set("person_6", 2, this.store.encode(PersonFactory.create(6)));
		server().set("person_7", new byte[0]);

		assertErrorNaming(get("/checksingle/5"), 500, "person 5");
		Answer flagged = get("/checksingle/6");
		assertErrorNaming(flagged, 500, "person 6");
		assertThat(flagged.body()).contains("flags 2");
		assertErrorNaming(get("/checksingle/7"), 500, "person 7");
		assertErrorNaming(get("/check"), 500, "person 5");
	}

	@Test
	void valueWithOneChangedFieldFailsItsMd5() {
		Person person = PersonFactory.create(7);
		person.setName(person.getName() + "x");
		server().set("person_7", this.store.encode(person));

		Answer response = get("/checksingle/7");
		assertErrorNaming(response, 500, "person 7");
		assertThat(response.body()).contains("md5");
	}

	@Test
	void valueOfAnotherPersonIsRefused() {
		server().set("person_8", this.store.encode(PersonFactory.create(9)));

		assertErrorNaming(get("/checksingle/8"), 500, "person 8");
	}

	@Test
	void valueOverTheSizeBoundIsRefusedNamingTheId() {
		server().set("person_4", new byte[4097]);

		Answer response = get("/checksingle/4");
		assertErrorNaming(response, 500, "person 4");
		assertThat(response.body()).contains("larger than 4096 bytes");
	}

	@Test
	void saveStoresARawString() {
		assertThat(get("/save/greeting/hello").status()).isEqualTo(200);

		assertThat(server().get("greeting")).isEqualTo("hello".getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void healthNamesMemcachedNotRedis() {
		Answer health = get("/actuator/health");

		assertThat(health.status()).isEqualTo(200);
		assertThat(health.body()).contains("\"memcached\"").doesNotContain("redis");
	}

	@Test
	void concurrentAddsThenChecksAllSucceed() throws Exception {
		assertThat(concurrently(40, "/add")).containsOnly(200);
		assertThat(server().persons(1, 4000)).isEqualTo(4000);
		assertThat(concurrently(40, "/check")).containsOnly(200);
	}

	@Test
	void memcachedDownIsA503WithinTheBoundAndTheSameAppRecovers() {
		get("/add");
		server().stop();

		for (String path : List.of("/add", "/check", "/checksingle/1", "/save/k/v")) {
			assertUnavailable(path);
		}
		assertThat(get("/actuator/health").status()).isEqualTo(503);

		server().start();
		assertThat(addSucceedsWithin(Duration.ofSeconds(20))).isTrue();
		get("/reset");
		assertThat(get("/add").status()).isEqualTo(200);
		assertThat(get("/check").status()).isEqualTo(200);
		assertThat(get("/actuator/health").status()).isEqualTo(200);
	}

	/** A 503 naming Memcached, answered within {@link #UNAVAILABLE_BOUND}. */
	private void assertUnavailable(String path) {
		long start = System.nanoTime();
		Answer response = get(path);
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		assertThat(response.status()).as(path + " " + response.body()).isEqualTo(503);
		assertThat(response.body()).as(path).contains("Memcached unavailable");
		assertThat(took).as(path).isLessThan(UNAVAILABLE_BOUND);
	}

	private static void assertErrorNaming(Answer response, int status, String text) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		assertThat(response.body()).contains(text).doesNotContain("Exception").doesNotContain("\tat ");
	}

	private List<Integer> concurrently(int requests, String path) throws Exception {
		return Concurrently.run(Collections.<Callable<Integer>>nCopies(requests, () -> get(path).status()));
	}

	private Answer get(String path) {
		return RunningApp.get(this.http, this.port, path);
	}

	/** Once a restarted node is up, the client reconnects it within its heal interval (2 s). */
	private boolean addSucceedsWithin(Duration time) {
		long deadline = System.nanoTime() + time.toNanos();
		while (get("/add").status() != 200) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			Waits.sleep(200);
		}
		return true;
	}

}
