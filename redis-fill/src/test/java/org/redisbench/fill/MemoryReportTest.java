package org.redisbench.fill;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.commandline.CommandLines;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.tooloutput.RedisInfo;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The nodes' memory as scripts/fill.sh prints it and scripts/memory-at-scale.sh reads it. */
class MemoryReportTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static String info(long used, long dataset, long overhead, long rss, String ratio) {
		return "# Memory\r\nused_memory:" + used + "\r\nused_memory_human:1M\r\nused_memory_rss:" + rss
				+ "\r\nused_memory_overhead:" + overhead + "\r\nused_memory_dataset:" + dataset
				+ "\r\nmem_fragmentation_ratio:" + ratio + "\r\n";
	}

	@Test
	void aClustersNodesAreEachShownAndTheirBytesSummedTheRatioTheirMean() {
		List<String> lines = MemoryReport.lines(List.of(
				new MemoryReport.Node("127.0.0.1:7000", info(1000, 600, 400, 4000, "4.00"), 10),
				new MemoryReport.Node("127.0.0.1:7001", info(2000, 1500, 500, 3000, "1.50"), 20),
				new MemoryReport.Node("127.0.0.1:7002", info(3000, 2500, 500, 3000, "1.00"), 30)));

		assertThat(lines).startsWith("node 127.0.0.1:7000:", "used_memory:1000", "used_memory_dataset:600",
				"used_memory_overhead:400", "used_memory_rss:4000", "mem_fragmentation_ratio:4.00",
				"node 127.0.0.1:7001:");
		assertThat(lines).endsWith("keys: 60", "memory nodes=3 used_memory=6000 used_memory_dataset=4600 "
				+ "used_memory_overhead=1400 used_memory_rss=10000 mem_fragmentation_ratio=2.17 keys=60");
	}

	@Test
	void oneRedisIsItsOwnFiguresWithoutAHeading() {
		assertThat(MemoryReport.lines(List.of(new MemoryReport.Node("h:1", info(10, 6, 4, 40, "4"), 3))))
			.containsExactly("used_memory:10", "used_memory_dataset:6", "used_memory_overhead:4", "used_memory_rss:40",
					"mem_fragmentation_ratio:4", "keys: 3", "memory nodes=1 used_memory=10 used_memory_dataset=6 "
							+ "used_memory_overhead=4 used_memory_rss=40 mem_fragmentation_ratio=4.00 keys=3");
	}

	@Test
	void anInfoWithoutAFieldOrNoNodeIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> MemoryReport.lines(List.of(new MemoryReport.Node("h:1", "used_memory:10\r\n", 0))));
		assertThatIllegalArgumentException().isThrownBy(() -> MemoryReport.lines(List.of()));
	}

	@Test
	void aRealRedisIsReadAsItsTargetReachesIt() throws Exception {
		redis.flushAll();
		FillOptions fill = FillTest.options("--port", String.valueOf(redis.port()), "--persons", "300", "--codec",
				"kryo");
		new Fill(fill, Target.of(fill.reach())).run();

		List<MemoryReport.Node> nodes = MemoryReport.read(Target.of(fill.reach()));

		assertThat(nodes).singleElement().satisfies((node) -> {
			assertThat(node.address()).isEqualTo("127.0.0.1:" + redis.port());
			assertThat(node.keys()).isEqualTo(300);
			assertThat(RedisInfo.number(node.info(), "used_memory_dataset")).isPositive();
		});
		assertThat(MemoryReport.lines(nodes)).contains("keys: 300");
	}

	@Test
	void fillMemoryReadsTheRedisNamedAndTakesNoPersons() {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new FillCommand());
		line.setOut(new PrintWriter(out, true));
		line.setErr(new PrintWriter(err, true));

		assertThat(line.execute("memory", "--port", String.valueOf(redis.port()))).isZero();
		assertThat(out.toString()).containsPattern("(?m)^memory nodes=1 used_memory=[1-9][0-9]* .* keys=[0-9]+$");
		assertThat(line.execute("memory", "--persons", "5")).isEqualTo(CommandLines.REFUSED);
		assertThat(err.toString()).hasLineCount(1).contains("unknown option '--persons'");
	}

}
