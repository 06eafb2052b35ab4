package org.redisbench.test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.RedisServer;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The apps in a real browser, Debian's {@code chromium --headless}, as a person checks one by hand before a run
 * (docs/three-boxes.md): {@code /reset}, {@code /add} and an error each show their page, with no console message,
 * and the browser's own requests ({@code /favicon.ico}, which it asks for with every page) add no person. A
 * screenshot of each page is left in {@code target/browser/}. Chromium is started once a page ({@code --dump-dom}
 * takes one address), a second or two each on a quiet machine. The pages are the web layer's, the same in every
 * app, so one app, string-app, extends this naming its main class. Without chromium the test is skipped, saying
 * so, but never when {@code CI} is {@code true}: there its absence fails.
 */
public abstract class BrowserContractTest extends AppOnItsOwnRedis {

	/** Chromium prints each console message, whatever its level, as {@code INFO:CONSOLE...] "text", source: ...}. */
	private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[^\\]]*\\] (.*)");

	private static final Pattern COUNT = Pattern.compile("\"statistic\":\"COUNT\",\"value\":([0-9.]+)");

	/** Before the app starts, which a browser that is not there would not need. */
	@RegisterExtension
	static final BeforeAllCallback chromiumOnThePath = (context) -> findChromium();

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@TempDir
	static Path profile;

	private static Path chromium;

	@Override
	protected RedisServer redisServer() {
		return redis.server();
	}

	@Override
	protected Map<String, String> properties() {
		return Map.of();
	}

	private static void findChromium() {
		Optional<Path> found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
			.flatMap((dir) -> Stream.of("chromium", "chromium-browser").map((name) -> Path.of(dir, name)))
			.filter(Files::isExecutable)
			.findFirst();
		if (found.isEmpty() && "true".equals(System.getenv("CI"))) {
			fail("chromium is not on the PATH, and CI=true: install it with apt-get install -y chromium");
		}
		Assumptions.assumeTrue(found.isPresent(),
				"skipped: chromium is not on the PATH (apt-get install -y chromium); under CI=true this fails");
		chromium = found.get();
	}

	/** Proves the console check can fail: a page that logs is seen to log, in this chromium's words. */
	@Test
	void chromiumReportsWhatAPageLogs() throws Exception {
		Visit probe = open("data:text/html,<script>console.error('probe of the console check')</script>", null);

		assertThat(probe.console()).anySatisfy((line) -> assertThat(line).contains("probe of the console check"));
	}

	@Test
	void resetAddAndAnErrorShowTheirPagesAndTheBrowserAddsNoPerson() throws Exception {
		assertPage(open(url("/reset"), "reset"), "GET /reset → 200 OK", "<h1 id=\"answer\">reset</h1>");
		assertThat(redis.server().dbSize()).as("persons in Redis after chromium opened /reset").isZero();
		assertPage(open(url("/add"), "add"), "GET /add → 200 OK", "<h1 id=\"answer\">added 100</h1>",
				"persons 1-100");
		assertPage(open(url("/checksingle/101"), "error"), "GET /checksingle/101 → 404 Not Found",
				"<h1 id=\"answer\">person 101: not found</h1>", "<body class=\"error\">");

		assertThat(iconRequests()).as("the requests for /favicon.ico chromium sent with its three pages")
			.isPositive();
		assertThat(redis.server().dbSize()).as("persons in Redis after chromium opened /add once").isEqualTo(100);
		Answer next = this.app.get("/add");
		assertThat(next.personIds()).as("the ids of the next /add: chromium's /add was the only one").isEqualTo("101-200");
	}

	private static void assertPage(Visit visit, String status, String... shown) throws IOException {
		assertThat(visit.console()).as(visit.url() + ": console messages").isEmpty();
		assertThat(visit.dom()).as(visit.url() + ": the DOM chromium built")
			.contains("<p class=\"status\" id=\"status\">" + status + "</p>")
			.contains(shown);
		byte[] png = Files.readAllBytes(visit.screenshot());
		assertThat(png).as(visit.screenshot() + ": a PNG").startsWith(0x89, 'P', 'N', 'G').hasSizeGreaterThan(2000);
	}

	/** How many times the app answered {@code /favicon.ico}, by its own request metrics. */
	private double iconRequests() {
		Answer metric = this.app.get("/actuator/metrics/http.server.requests?tag=uri:/favicon.ico");
		if (metric.status() == 404) {
			return 0;
		}
		Matcher count = COUNT.matcher(metric.body());
		assertThat(count.find()).as(metric.body()).isTrue();
		return Double.parseDouble(count.group(1));
	}

	private String url(String path) {
		return "http://127.0.0.1:" + this.app.port() + path;
	}

	/**
	 * Opens {@code url} in a fresh headless chromium, which prints the DOM once the page has loaded, and when
	 * {@code name} is given saves a screenshot as {@code target/browser/<name>.png}. Bounded at 60 s.
	 */
	private static Visit open(String url, String name) throws IOException, InterruptedException {
		Path screenshot = (name != null) ? Path.of("target", "browser", name + ".png").toAbsolutePath() : null;
		List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless",
				// Root in a container has no user namespace for the sandbox; the pages are our own.
				"--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
				"--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--window-size=800,500",
				"--dump-dom"));
		if (screenshot != null) {
			Files.createDirectories(screenshot.getParent());
			Files.deleteIfExists(screenshot);
			command.add("--screenshot=" + screenshot);
		}
		command.add(url);
		Path out = Files.createTempFile(profile, "dom", ".html");
		Path err = Files.createTempFile(profile, "log", ".txt");
		Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			fail("chromium did not finish " + url + " within 60 s");
		}
		String log = Files.readString(err, StandardCharsets.UTF_8);
		assertThat(process.exitValue()).as("chromium's exit status; it said:\n" + log).isZero();
		if (screenshot != null) {
			System.out.println("screenshot of " + url + ": " + screenshot);
		}
		List<String> console = log.lines().map(CONSOLE::matcher).filter(Matcher::find).map((m) -> m.group(1)).toList();
		return new Visit(url, Files.readString(out, StandardCharsets.UTF_8), console, screenshot);
	}

	private record Visit(String url, String dom, List<String> console, Path screenshot) {
	}

}
