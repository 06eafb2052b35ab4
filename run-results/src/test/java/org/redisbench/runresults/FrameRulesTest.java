package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.redisbench.tooloutput.Resources;

/**
 * Every rule on real stacks (raw/frame-rules.txt, each under the share it belongs to): the stacks where the
 * order of the rules decides, a socket write under Jedis or under Tomcat's output buffer, a thread switch in a
 * read, a timer in the store, are among them.
 */
class FrameRulesTest {

	private static final List<Case> CASES = cases(Resources.raw("frame-rules.txt"));

	@TestFactory
	Stream<DynamicTest> everyStackBelongsToTheShareItIsFiledUnder() {
		return CASES.stream()
			.map(c -> DynamicTest.dynamicTest(c.share() + ": " + c.why(),
					() -> assertEquals(c.share(), FrameRules.classify(c.frames()), c.why())));
	}

	@Test
	void everyRuleDecidesAStackOfTheFixture() {
		Set<FrameRules.Rule> decided = CASES.stream()
			.map(c -> FrameRules.decidingRule(c.frames()))
			.flatMap(rule -> rule.stream())
			.collect(Collectors.toSet());
		for (FrameRules.Rule rule : FrameRules.RULES) {
			assertTrue(decided.contains(rule), "no stack of the fixture is decided by the rule " + rule);
		}
		assertTrue(CASES.stream().anyMatch(c -> FrameRules.decidingRule(c.frames()).isEmpty()), "no stack for the rest");
	}

	@Test
	void aSocketWriteBelongsToTheClientUnderJedisAndToHttpUnderTomcatsOutputBuffer() {
		List<String> write = List.of("java/net/Socket$SocketOutputStream.write", "sun/nio/ch/NioSocketImpl.write",
				"Java_sun_nio_ch_FileDispatcherImpl_write0", "__GI_write", "tcp_sendmsg_[k]");
		List<String> worker = List.of("java/lang/Thread.run", "org/apache/tomcat/util/net/NioEndpoint$SocketProcessor.doRun",
				"org/apache/coyote/http11/Http11Processor.service", "org/springframework/web/servlet/DispatcherServlet.doDispatch");
		assertEquals(CpuShare.CLIENT_WRITE, FrameRules.classify(concat(worker,
				List.of("org/redisbench/store/NodeBatch.write", "redis/clients/jedis/Connection.flush"), write)));
		assertEquals(CpuShare.HTTP, FrameRules.classify(concat(worker,
				List.of("org/apache/catalina/connector/OutputBuffer.close", "org/apache/coyote/http11/Http11OutputBuffer.commit"),
				write)));
	}

	@Test
	void aStackNoRuleNamesIsTheRest() {
		assertEquals(CpuShare.REST, FrameRules.classify(List.of("thread_native_entry", "VMThread::run")));
		assertEquals(CpuShare.REST, FrameRules.classify(List.of()));
	}

	@SafeVarargs
	private static List<String> concat(List<String>... parts) {
		return Stream.of(parts).flatMap(List::stream).toList();
	}

	/**
	 * The fixture's stacks: {@code ## } lines say where they come from, a {@code # SHARE: why} line files the
	 * collapsed stack under it.
	 */
	private static List<Case> cases(String fixture) {
		List<Case> cases = new ArrayList<>();
		String[] lines = fixture.split("\n");
		for (int i = 0; i < lines.length; i++) {
			String line = lines[i];
			if (line.isBlank() || line.startsWith("## ")) {
				continue;
			}
			if (!line.startsWith("# ") || i + 1 >= lines.length) {
				throw new IllegalArgumentException("line " + (i + 1) + " is not '# SHARE: why' over a stack");
			}
			int colon = line.indexOf(':');
			CpuShare share = CpuShare.valueOf(line.substring(2, colon));
			String stack = lines[++i];
			cases.add(new Case(share, line.substring(colon + 1).strip(),
					Arrays.asList(stack.substring(0, stack.lastIndexOf(' ')).split(";"))));
		}
		return List.copyOf(cases);
	}

	private record Case(CpuShare share, String why, List<String> frames) {
	}

}
