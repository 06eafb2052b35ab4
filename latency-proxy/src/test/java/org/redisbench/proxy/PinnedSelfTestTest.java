package org.redisbench.proxy;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code latency-proxy --self-test --pin} end to end at a small size, as scripts/latency-proxy.sh runs it: its own
 * redis-server and proxies, redis-benchmark, taskset. What it prints is held, not its figures (SelfTestTableTest
 * computes those from known CSV): a shared 2-core machine moves them too much to bound.
 */
@Tag("end-to-end")
class PinnedSelfTestTest {

	@Test
	void itPinsRedisAndTheProxyAndPrintsBothTables() {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new LatencyProxyCommand());
		line.setOut(new PrintWriter(out, true));
		line.setErr(new PrintWriter(err, true));

		int status = line.execute("--self-test", "--pin", "-n", "2000", "--rounds", "1", "--rtts", "0.45ms", "--pings",
				"200");

		assertThat(status).as("exit status; %s", err).isEqualTo(CommandLines.OK);
		assertThat(err.toString()).as("redis-server on CPU 0")
			.containsPattern("(?m)redis-server \\(pid [0-9]+\\) pinned to CPU 0$");
		assertThat(err.toString()).as("the proxy on CPU 1").containsPattern("(?m)proxy \\(pid [0-9]+\\) pinned to CPU 1$");
		assertThat(out.toString().lines().filter((row) -> row.matches("-P 1 +(SET|GET) +[0-9]+ +[0-9]+ +[0-9.]+%.*")))
			.as("both shares at -P 1 in %s", out)
			.hasSize(2);
		assertThat(out.toString()).as("the round trip it added at 0.45ms")
			.containsPattern("(?m)^0\\.45ms +[0-9]+\\.[0-9]{3} +[0-9]+\\.[0-9]{3} +-?[0-9]+\\.[0-9]{3} +[-+][0-9.]+%$");
	}

}
