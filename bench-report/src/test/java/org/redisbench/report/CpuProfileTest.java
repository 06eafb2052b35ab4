package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * On stacks async-profiler sampled (itimer) in a pipelined kryo app under ab, each given a count by hand: which
 * share every one of them belongs to is known, so every share's total is too.
 */
class CpuProfileTest {

	private static final CpuProfile FIXTURE = CpuProfile.parse(Resources.raw("profile-kryo-pipeline.collapsed"));

	@Test
	void everyStackOfTheFixtureCountsForItsOwner() {
		assertEquals(Map.of(CpuShare.CODEC, 7L + 9, CpuShare.REDIS_CLIENT, 11L + 1, CpuShare.HTTP, 13L + 5,
				CpuShare.PERSONS, 17L + 4, CpuShare.MICROMETER, 3L + 2, CpuShare.GC, 6L + 2, CpuShare.JIT, 8L + 2,
				CpuShare.REST, 1L), FIXTURE.samples());
		assertEquals(91, FIXTURE.total());
		assertEquals(16 / 91.0, FIXTURE.fraction(CpuShare.CODEC), 1e-12);
	}

	@Test
	void aSocketWriteBelongsToWhoeverCalledIt() {
		List<String> write = List.of("java/net/Socket$SocketOutputStream.write", "sun/nio/ch/NioSocketImpl.write",
				"Java_sun_nio_ch_FileDispatcherImpl_write0", "__GI_write");
		assertEquals(CpuShare.REDIS_CLIENT,
				FrameRules.classify(concat(List.of("java/lang/Thread.run", "org/apache/tomcat/util/net/NioEndpoint$SocketProcessor.doRun",
						"org/redisbench/store/RoundTrips.sendOnOneNode", "redis/clients/jedis/Connection.flush"), write)));
		assertEquals(CpuShare.HTTP, FrameRules.classify(concat(
				List.of("java/lang/Thread.run", "org/apache/tomcat/util/net/NioEndpoint$SocketProcessor.doRun"), write)));
	}

	@Test
	void theLongestPrefixDecidesBetweenRulesOnOneFrame() {
		assertEquals(CpuShare.MICROMETER, FrameRules.classify(List.of("org/apache/catalina/core/ApplicationFilterChain.doFilter",
				"org/springframework/web/filter/ServerHttpObservationFilter.doFilterInternal")));
		assertEquals(CpuShare.HTTP, FrameRules.classify(List.of("org/apache/catalina/core/ApplicationFilterChain.doFilter",
				"org/springframework/web/filter/FormContentFilter.doFilterInternal")));
		assertEquals(CpuShare.REDIS_CLIENT, FrameRules.classify(List.of("org/springframework/web/servlet/DispatcherServlet.doDispatch",
				"org/springframework/data/redis/connection/jedis/JedisConnection.close")));
		assertEquals(CpuShare.CODEC, FrameRules.classify(List.of("org/redisbench/store/PersonStore.encode",
				"org/springframework/data/redis/serializer/JacksonJsonRedisSerializer.serialize")));
	}

	@Test
	void theCompilerAndTheCollectorAreKnownByTheirThreads() {
		assertEquals(CpuShare.JIT, FrameRules.classify(List.of("thread_native_entry", "CompileBroker::compiler_thread_loop",
				"C2Compiler::compile_method", "G1BarrierSetC2::post_barrier")));
		assertEquals(CpuShare.GC, FrameRules.classify(List.of("thread_native_entry", "GangWorker::loop",
				"G1ParTask::work", "Copy::conjoint_words")));
		assertEquals(CpuShare.REST, FrameRules.classify(List.of("thread_native_entry", "VMThread::run")));
	}

	@Test
	void noSamplesGiveNoFractions() {
		CpuProfile empty = CpuProfile.parse("\n");
		assertEquals(0, empty.total());
		assertNull(empty.fraction(CpuShare.CODEC));
	}

	@Test
	void aLineWithoutItsCountIsRefused() {
		assertThrows(IllegalArgumentException.class,
				() -> CpuProfile.parse("java/lang/Thread.run;org/redisbench/web/PersonController.add 3\njava/lang/Thread.ru"));
	}

	private static List<String> concat(List<String> first, List<String> second) {
		return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
	}

}
