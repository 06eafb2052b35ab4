package org.redisbench.report;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Which {@link CpuShare} a sampled stack belongs to, from the names of its frames (async-profiler's collapsed
 * format: {@code org/redisbench/store/PersonStore.send} for Java, {@code G1ParTask::work} for the JVM's C++).
 * <p>
 * A JVM thread of the compiler or the collector is recognised anywhere in its stack. Any other stack belongs to
 * its innermost frame that a code rule names, the longest prefix deciding: a socket read under Jedis is the Redis
 * client's, the same read under Tomcat is HTTP's, a {@code Timer.record} in the store is Micrometer's. JDK and
 * kernel frames name no owner of their own, so their time goes to whoever called them.
 */
final class FrameRules {

	private static final Map<CpuShare, List<String>> THREADS = Map.of(
			CpuShare.JIT, List.of("CompileBroker::", "NMethodSweeper::"),
			CpuShare.GC, List.of("GangWorker::", "WorkerThread::", "ConcurrentGCThread::", "G1ConcurrentRefineThread",
					"G1ServiceThread", "VM_G1", "VM_GC", "VM_CollectFor"));

	private static final List<Rule> CODE = rules(Map.of(
			CpuShare.CODEC, List.of("org/redisbench/codecs/", "org/redisbench/codec/",
					"org/springframework/data/redis/serializer/", "com/esotericsoftware/", "com/alibaba/fastjson2/",
					"tools/jackson/", "com/fasterxml/jackson/", "com/github/luben/zstd/", "net/jpountz/",
					"java/util/zip/GZIP"),
			CpuShare.REDIS_CLIENT, List.of("redis/clients/jedis/", "org/apache/commons/pool2/",
					"org/springframework/data/redis/", "org/redisbench/store/"),
			CpuShare.HTTP, List.of("org/apache/catalina/", "org/apache/coyote/", "org/apache/tomcat/",
					"org/springframework/", "jakarta/servlet/", "org/redisbench/web/"),
			CpuShare.PERSONS, List.of("org/redisbench/person/PersonFactory", "org/redisbench/person/PersonDigest"),
			CpuShare.MICROMETER, List.of("io/micrometer/", "io/prometheus/", "org/springframework/boot/micrometer/",
					"org/springframework/http/server/observation/",
					"org/springframework/web/filter/ServerHttpObservationFilter"),
			// Allocation that left its thread-local buffer, and the collector's barriers in compiled code.
			CpuShare.GC, List.of("G1", "MemAllocator::", "CollectedHeap::", "OptoRuntime::new_")));

	private FrameRules() {
	}

	/** The share of one stack, its frames from the thread's root to the sampled frame. */
	static CpuShare classify(List<String> frames) {
		for (Map.Entry<CpuShare, List<String>> thread : THREADS.entrySet()) {
			if (frames.stream().anyMatch(frame -> startsWithAny(frame, thread.getValue()))) {
				return thread.getKey();
			}
		}
		for (int i = frames.size() - 1; i >= 0; i--) {
			String frame = frames.get(i);
			for (Rule rule : CODE) {
				if (frame.startsWith(rule.prefix())) {
					return rule.share();
				}
			}
		}
		return CpuShare.REST;
	}

	private static boolean startsWithAny(String frame, List<String> prefixes) {
		return prefixes.stream().anyMatch(frame::startsWith);
	}

	/** Longest prefix first, so that the first rule a frame matches is its most specific. */
	private static List<Rule> rules(Map<CpuShare, List<String>> byShare) {
		return byShare.entrySet()
			.stream()
			.flatMap(entry -> entry.getValue().stream().map(prefix -> new Rule(prefix, entry.getKey())))
			.sorted(Comparator.comparingInt((Rule rule) -> rule.prefix().length()).reversed())
			.toList();
	}

	private record Rule(String prefix, CpuShare share) {
	}

}
