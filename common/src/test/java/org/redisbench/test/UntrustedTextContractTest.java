package org.redisbench.test;

import java.net.http.HttpClient;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.processes.RedisServer;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text the app did not write itself, a stored value or a request path, reaches an error body or the log only
 * cut short and with its control characters escaped: a decoder may quote the value it choked on (fastjson2
 * appends its whole input), and a value is anything anyone with access to Redis stored. Each app extends this
 * naming its main class.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class UntrustedTextContractTest extends AppOnItsOwnRedis {

	/** An error body, or the message of a log line, longer than this is not one short line. */
	private static final int SHORT_LINE = 300;

	/** A carriage return, an ANSI colour, a NUL, then 60 KB of text: nothing a decoder can read. */
	private static final String HOSTILE_VALUE = "\r\u001b[31m\u0000" + "A".repeat(60 * 1024);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Override
	protected RedisServer redisServer() {
		return redis.server();
	}

	@BeforeEach
	void reset() {
		assertThat(this.app.get("/reset").status()).isEqualTo(200);
	}

	@Test
	void aHostileStoredValueIsAnsweredAndLoggedAsOneShortLine(CapturedOutput output) {
		try (Jedis jedis = redis.server().client()) {
			jedis.set("person_1", HOSTILE_VALUE);
		}

		for (String path : List.of("/checksingle/1", "/check")) {
			Answer answer = this.app.get(path);
			assertThat(answer.status()).as(path).isEqualTo(500);
			assertThat(answer.body()).as(path).contains("person 1");
			assertOneShortLine(answer.body(), path);
		}
		assertThat(output.getAll().lines().filter((line) -> line.contains("person 1")).toList())
			.as("the log lines naming person 1")
			.hasSize(2)
			.allSatisfy((line) -> assertThat(line.length()).as("log line; it begins " + excerpt(line))
				.isLessThan(SHORT_LINE + 200));
		assertThat(output.getAll().contains("A".repeat(SHORT_LINE))).as("the log quotes the value at length").isFalse();
		assertPrintable(output.getAll(), "the log");
	}

	/**
	 * Over HTTP/1.1 without an upgrade, so that the path and the few headers fit into Tomcat's 8 KB for a
	 * request's head, as they do from curl: the request reaches the app.
	 */
	@Test
	void aLongUnknownPathIsNotEchoed(CapturedOutput output) {
		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		Answer answer = RunningApp.get(http, this.app.port(), "/" + "p".repeat(7999));

		assertThat(answer.status()).isEqualTo(404);
		assertOneShortLine(answer.body(), "8,000-character path");
		assertThat(answer.body()).doesNotContain("p".repeat(41));
		assertThat(output.getAll().contains("p".repeat(41))).as("the log quotes the path at length").isFalse();
	}

	@Test
	void aPathTooLongForTomcatIsRefusedInOneShortLine() {
		Answer answer = this.app.get("/" + "p".repeat(9000));

		assertThat(answer.status()).isEqualTo(400);
		assertOneShortLine(answer.body(), "9,000-character path");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/%1B%5B31mred", "/a%0D%0AX-Forged:%201", "/a%0Db", "/nul%00here", "/a%09tab",
			"/%E2%80%AEtxt.exe", "/checksingle/1/%1B%5B31m" })
	void anUnknownPathWithControlCharactersIsAnsweredEscaped(String path, CapturedOutput output) {
		Answer answer = this.app.get(path);

		assertThat(answer.status()).as(path).isBetween(400, 499);
		assertOneShortLine(answer.body(), path);
		assertPrintable(output.getAll(), "the log");
	}

	private static void assertOneShortLine(String body, String what) {
		assertThat(body.length()).as(what + " body length; it begins " + excerpt(body)).isLessThan(SHORT_LINE);
		assertThat(body).as(what).endsWith("\n");
		assertPrintable(body.substring(0, body.length() - 1), what);
	}

	/** Line breaks end lines; no other control character, nor a character that reorders text, is there. */
	private static void assertPrintable(String text, String what) {
		assertThat(text.replace("\n", "").codePoints()
			.filter((c) -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)
			.boxed()
			.toList()).as(what + " has no control characters").isEmpty();
	}

	/** What a failed assertion shows of a text that may be tens of kilobytes long. */
	private static String excerpt(String text) {
		return text.substring(0, Math.min(text.length(), 2 * SHORT_LINE)).replace("\r", "\\r");
	}

}
