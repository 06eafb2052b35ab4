package org.redisbench.test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.store.PersonStore;
import org.redisbench.store.StoreProperties;
import org.redisbench.testsupport.Concurrently;
import org.redisbench.testsupport.RedisUnderTest;
import org.redisbench.web.PersonController;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint contract (docs/apps.md), run against a real app on a real Redis. An app holds itself to it by
 * extending {@link EndpointContractTest} (one {@code redis-server}) or {@link ClusterEndpointContractTest}
 * (a Redis Cluster) with nothing but its own test class, so both apps are held to exactly the same
 * contract; a subclass may add properties to hold another mode or compression to it too.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.data.redis.timeout=1s", "spring.data.redis.connect-timeout=1s",
				"bench.request-timeout=2s" })
public abstract class EndpointContract {

	/** What Chromium sends for a navigation, as every browser does: text/html first, everything else at 0.8. */
	static final String BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
			+ "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";

	/** The longest a request may take when Redis is gone: connect timeout plus request timeout, with slack. */
	private static final Duration UNAVAILABLE_BOUND = Duration.ofSeconds(5);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@LocalServerPort
	private int port;

	@Autowired
	private PersonStore store;

	@Autowired
	private StoreProperties properties;

	/** The Redis the app runs against. */
	protected abstract RedisUnderTest redis();

	/** The persons in Redis, in the app's layout. */
	protected StoredPersons persons() {
		return new StoredPersons(this.properties.layout(), redis());
	}

	@BeforeEach
	void reset() {
		assertThat(get("/reset").statusCode()).isEqualTo(200);
	}

	@Test
	void addStoresTheNextHundredPersonsFromIdOne() {
		HttpResponse<String> response = get("/add");

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(persons().count()).isEqualTo(100);
		assertThat(persons().exists(1)).isTrue();
		assertThat(persons().exists(100)).isTrue();
		assertThat(persons().exists(101)).isFalse();
		assertThat(persons().timeToLive(1)).as("without bench.ttl nothing expires").isEqualTo(-1);
		assertThat(get("/add").statusCode()).isEqualTo(200);
		assertThat(persons().count()).isEqualTo(200);
	}

	@Test
	void successBodiesHaveAFixedLength() {
		List<Integer> lengths = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			lengths.add(get("/add").body().length());
		}
		for (int i = 0; i < 3; i++) {
			lengths.add(get("/check").body().length());
		}
		assertThat(lengths.subList(0, 3)).containsOnly(lengths.get(0));
		assertThat(lengths.subList(3, 6)).containsOnly(lengths.get(3));
	}

	@Test
	void checkVerifiesWhatAddStored() {
		get("/add");
		get("/add");

		assertThat(get("/check").statusCode()).isEqualTo(200);
		assertThat(get("/check").statusCode()).isEqualTo(200);
		HttpResponse<String> beyond = get("/check");
		assertThat(beyond.statusCode()).isEqualTo(404);
		assertThat(beyond.body()).contains("201");
	}

	@Test
	void resetStartsBothSequencesAgainAtOne() {
		get("/add");
		get("/check");
		get("/reset");
		redis().flushAll();

		get("/add");
		assertThat(persons().count()).isEqualTo(100);
		assertThat(get("/check").statusCode()).isEqualTo(200);
	}

	@Test
	void checkSingleAnswersEachCase() {
		get("/add");

		assertThat(get("/checksingle/5").statusCode()).isEqualTo(200);
		HttpResponse<String> absent = get("/checksingle/101");
		assertThat(absent.statusCode()).isEqualTo(404);
		assertThat(absent.body()).contains("101");
		assertThat(get("/checksingle/abc").statusCode()).isEqualTo(400);
		assertThat(get("/checksingle/0").statusCode()).isEqualTo(400);
		assertThat(get("/checksingle/-3").statusCode()).isEqualTo(400);
		assertThat(get("/checksingle/99999999999999999999").statusCode()).isEqualTo(400);
	}

	@Test
	void foreignValueIsAnErrorNamingTheId() {
		get("/add");
		persons().put(5, "not a person".getBytes(StandardCharsets.UTF_8));
		// 100: in a bucket of its own, so that person 5 stays the first to fail.
		persons().putList(100);

		assertErrorNaming(get("/checksingle/5"), 500, "5");
		assertErrorNaming(get("/checksingle/100"), 500, "100");
		assertErrorNaming(get("/check"), 500, "person 5");
	}

	@Test
	void valueWithOneChangedFieldFailsItsMd5() {
		Person person = PersonFactory.create(7);
		person.setName(person.getName() + "x");
		persons().put(7, this.store.encode(person));

		HttpResponse<String> response = get("/checksingle/7");
		assertErrorNaming(response, 500, "7");
		assertThat(response.body()).contains("md5");
	}

	@Test
	void valueOfAnotherPersonIsRefused() {
		persons().put(8, this.store.encode(PersonFactory.create(9)));

		assertErrorNaming(get("/checksingle/8"), 500, "8");
	}

	@Test
	void saveStoresARawStringWithinBounds() {
		assertThat(get("/save/greeting/hello").statusCode()).isEqualTo(200);
		try (UnifiedJedis jedis = redis().client()) {
			assertThat(jedis.get("greeting")).isEqualTo("hello");
		}
		assertThat(get("/save/k/" + "v".repeat(4097)).statusCode()).isEqualTo(400);
		assertThat(get("/save/" + "k".repeat(257) + "/v").statusCode()).isEqualTo(400);
	}

	@Test
	void unknownPathIsNotFound() {
		assertThat(get("/nothing-here").statusCode()).isEqualTo(404);
	}

	@Test
	void noopAndHealthAnswer() {
		assertThat(get("/noop").statusCode()).isEqualTo(200);
		HttpResponse<String> health = get("/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(health.body()).contains("\"redis\"");
	}

	@Test
	void concurrentAddsThenChecksAllSucceed() throws Exception {
		assertThat(concurrently(40, "/add")).containsOnly(200);
		assertThat(persons().count()).isEqualTo(4000);
		assertThat(concurrently(40, "/check")).containsOnly(200);
	}

	@Test
	void redisDownIsA503WithinTheBoundAndTheSameAppRecovers() {
		get("/add");
		redis().stop();

		for (String path : List.of("/add", "/check", "/checksingle/1", "/save/k/v")) {
			assertUnavailable(path);
		}
		assertThat(get("/actuator/health").statusCode()).isEqualTo(503);

		redis().start();
		get("/reset");
		assertThat(get("/add").statusCode()).isEqualTo(200);
		assertThat(get("/check").statusCode()).isEqualTo(200);
		assertThat(persons().count()).isEqualTo(100);
	}

	/**
	 * A browser's navigation ranks text/html first and everything else at 0.8 (Chromium's, as sent); curl and
	 * {@code ab} send {@code Accept: *}{@code /*}, Java's client no Accept at all. Only the browser gets a page,
	 * and the others exactly the bytes and content type they always got.
	 */
	@Test
	void aBrowserGetsAPageAndEveryOtherClientTheTextAsBefore() {
		for (String path : List.of("/reset", "/add", "/check")) {
			String text = path.equals("/reset") ? "reset\n" : path.substring(1) + "ed 100\n";
			for (String accept : new String[] { null, "*/*", "text/plain" }) {
				HttpResponse<String> plain = (accept != null) ? get(path, "Accept", accept) : get(path);
				assertThat(plain.statusCode()).as(path + " Accept " + accept).isEqualTo(200);
				assertThat(plain.body()).as(path + " Accept " + accept).isEqualTo(text);
				assertThat(contentType(plain)).as(path + " Accept " + accept).isEqualTo("text/plain;charset=UTF-8");
			}
			assertPage(get(path, "Accept", BROWSER), 200, text.strip());
		}
		assertThat(persons().count()).as("three plain /add and one in a page").isEqualTo(400);
		assertPage(get("/reset", "Accept", "text/html"), 200, "reset");

		HttpResponse<String> error = get("/checksingle/abc", "Accept", "*/*");
		assertThat(error.statusCode()).isEqualTo(400);
		assertThat(error.body()).isEqualTo("id must be a positive integer, was 'abc'\n");
		assertThat(contentType(error)).isEqualTo("text/plain");
		assertPage(get("/checksingle/abc", "Accept", BROWSER), 400, "was &#39;abc&#39;");
		assertPage(get("/checksingle/%3Cscript%3E", "Accept", BROWSER), 400, "was &#39;&lt;script&gt;&#39;");
		assertPage(get("/nothing-here", "Accept", BROWSER), 404, "no such path");
		// Refused by Tomcat itself (an encoded slash), before the app sees the request.
		assertThat(get("/a%2Fb").body()).isEqualTo("bad request\n");
		assertPage(get("/a%2Fb", "Accept", BROWSER), 400, "bad request");
	}

	/**
	 * What a browser asks for on its own acts on nothing: its icon is a 204 that reads no store, and a prefetch
	 * or prerender of any endpoint, in any browser's words, a 503 that no cache keeps. Counted by the persons in
	 * Redis and by the ids the next real requests cover: {@code /add} goes on at 101, {@code /check} starts at 1.
	 */
	@Test
	void aBrowsersOwnRequestsActOnNothing() {
		assertThat(get("/add").statusCode()).isEqualTo(200);

		HttpResponse<String> icon = get("/favicon.ico", "Accept", "image/avif,image/webp,image/apng,image/*,*/*;q=0.8");
		assertThat(icon.statusCode()).isEqualTo(204);
		assertThat(icon.body()).isEmpty();
		for (String[] purpose : List.of(new String[] { "Sec-Purpose", "prefetch" },
				new String[] { "Sec-Purpose", "prefetch;prerender" }, new String[] { "Purpose", "prefetch" },
				new String[] { "X-Moz", "prefetch" })) {
			for (String path : List.of("/add", "/check", "/reset", "/save/prefetched/v")) {
				HttpResponse<String> refused = get(path, purpose[0], purpose[1], "Accept", BROWSER);
				String what = path + " " + purpose[0] + ": " + purpose[1];
				assertThat(refused.statusCode()).as(what).isEqualTo(503);
				assertThat(refused.headers().firstValue("Cache-Control")).as(what).contains("no-store");
			}
		}

		assertThat(persons().count()).isEqualTo(100);
		try (UnifiedJedis jedis = redis().client()) {
			assertThat(jedis.exists("prefetched")).isFalse();
		}
		assertThat(get("/add").headers().firstValue(PersonController.IDS_HEADER)).contains("101-200");
		assertThat(get("/check").headers().firstValue(PersonController.IDS_HEADER)).contains("1-100");
	}

	private static void assertPage(HttpResponse<String> response, int status, String answer) {
		String what = response.request().uri().getPath();
		assertThat(response.statusCode()).as(what).isEqualTo(status);
		assertThat(contentType(response)).as(what).isEqualTo("text/html;charset=UTF-8");
		assertThat(response.body()).as(what)
			.startsWith("<!DOCTYPE html>")
			.contains("<h1 id=\"answer\">")
			.contains(answer)
			.contains("→ " + status + " ")
			.doesNotContain("<script");
	}

	private static String contentType(HttpResponse<String> response) {
		return response.headers().firstValue("Content-Type").orElse(null);
	}

	/** A 503 naming Redis, answered within {@link #UNAVAILABLE_BOUND}. */
	protected void assertUnavailable(String path) {
		long start = System.nanoTime();
		HttpResponse<String> response = get(path);
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		assertThat(response.statusCode()).as(path + " " + response.body()).isEqualTo(503);
		assertThat(response.body()).as(path).contains("Redis");
		assertThat(took).as(path).isLessThan(UNAVAILABLE_BOUND);
	}

	protected static void assertErrorNaming(HttpResponse<String> response, int status, String text) {
		assertThat(response.statusCode()).isEqualTo(status);
		assertThat(response.body()).contains(text).doesNotContain("Exception").doesNotContain("\tat ");
	}

	private List<Integer> concurrently(int requests, String path) throws Exception {
		return Concurrently.run(Collections.<Callable<Integer>>nCopies(requests, () -> get(path).statusCode()));
	}

	/** A GET with the given headers, as name, value, name, value...: Java's client sends no Accept of its own. */
	protected HttpResponse<String> get(String path, String... headers) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(30));
		HttpRequest request = ((headers.length > 0) ? builder.headers(headers) : builder).build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new IllegalStateException("GET " + path + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("GET " + path + " interrupted", ex);
		}
	}

}
