package org.redisbench.runresults;

import java.util.List;
import java.util.Optional;

/**
 * Which {@link CpuShare} a sampled stack belongs to, from the names of its frames (async-profiler's collapsed
 * format: {@code org/redisbench/store/PersonStore.send} for Java, {@code G1ParTask::work} for the JVM's C++,
 * {@code tcp_sendmsg_[k]} for the kernel).
 * <p>
 * The rules are tried in the order below, and the first one that names any frame of the stack decides. So a
 * rule comes before every rule whose frames can be its callers: a socket write under Jedis is the client's
 * because the client's rules come before Tomcat's, the same write under Tomcat's {@code OutputBuffer} is HTTP's
 * because that rule comes before Spring's; the park or poll a read waits in, and the thread switch in it, are
 * the read's. A frame the rules do not name (the JDK's, the kernel's) counts for the rule that names a caller.
 * A broad prefix that every request's stack passes through ({@code org/springframework/}) can only come after
 * every rule for what runs under it. Each rule is tested on stacks from real profiles (FrameRulesTest).
 */
public final class FrameRules {

	public static final List<Rule> RULES = List.of(
			// The compiler's threads, whatever they touch (C2 compiles the collector's barriers too).
			new Rule(CpuShare.JIT, "CompileBroker::", "NMethodSweeper::"),
			// The collector's threads, and allocation that left its thread-local buffer or hit a barrier.
			new Rule(CpuShare.GC, "GangWorker::", "WorkerThread::", "ConcurrentGCThread::", "G1ConcurrentRefineThread",
					"G1ServiceThread", "VM_G1", "VM_GC", "VM_CollectFor", "MemAllocator::", "CollectedHeap::", "G1",
					"OptoRuntime::new_"),
			// A connection's life outside its requests: the acceptor thread, the kernel's accept under it and the
			// socket's registration with the poller (register; epoll's own ADD comes later, in the poller's select);
			// closing it, by the worker and by the poller that deregisters and closes the channel.
			new Rule(CpuShare.CONNECTION, "org/apache/tomcat/util/net/Acceptor.run",
					"org/apache/tomcat/util/net/SocketWrapperBase.close",
					"org/apache/tomcat/util/net/NioEndpoint$NioSocketWrapper.doClose",
					"org/apache/tomcat/util/net/NioEndpoint$Poller.cancelledKey",
					"sun/nio/ch/SelectorImpl.processDeregisterQueue",
					"java/nio/channels/spi/AbstractSelectableChannel.register"),
			// The rest of the poller's loop (select, epoll updates, handing a socket to a worker and waking it),
			// a worker asking it to watch its socket again after a kept-alive request, and a worker parked
			// between requests.
			new Rule(CpuShare.POLLER, "org/apache/tomcat/util/net/NioEndpoint$Poller",
					"org/apache/tomcat/util/net/NioEndpoint$NioSocketWrapper.registerReadInterest",
					"org/apache/tomcat/util/threads/TaskQueue.", "org/apache/tomcat/util/threads/ThreadPoolExecutor.getTask"),
			// Before the store, Spring Data Redis and Jedis, which call them. org/redisbench/codec/ is where the
			// compressions and the format tag were before value-format held them: runs recorded then.
			new Rule(CpuShare.CODEC, "org/redisbench/codecs/", "org/redisbench/valueformat/", "org/redisbench/codec/",
					"org/springframework/data/redis/serializer/", "com/esotericsoftware/", "com/alibaba/fastjson2/",
					"tools/jackson/", "com/fasterxml/jackson/", "com/github/luben/zstd/", "net/jpountz/",
					"java/util/zip/GZIP"),
			new Rule(CpuShare.PERSONS, "org/redisbench/person/PersonFactory", "org/redisbench/person/PersonDigest"),
			// Borrowing and giving back, whatever runs under them: Spring Data Redis's wrapper of the connection,
			// commons-pool2, a PING of a live borrowing; the pool's evictor thread.
			new Rule(CpuShare.POOL, "org/redisbench/store/Lease.borrow", "org/redisbench/store/Borrowing.borrow",
					"org/redisbench/store/Lease$OneNode.close", "org/redisbench/store/Lease$Cluster.close",
					"org/redisbench/store/NodeBatch.close", "org/apache/commons/pool2/", "redis/clients/jedis/util/Pool.",
					"redis/clients/jedis/JedisPool.", "redis/clients/jedis/ConnectionPool.",
					"org/springframework/data/redis/"),
			// Before the client's writes, whose rule names all of Jedis: a reply's read, the socket read and the
			// poll it parks in, building values from replies; xmemcached's request thread waiting on its latch and
			// its reactor reading replies.
			new Rule(CpuShare.CLIENT_READ, "redis/clients/jedis/Connection.readProtocolWithCheckingBroken",
					"redis/clients/jedis/Connection.protocolRead", "redis/clients/jedis/Protocol.read",
					"redis/clients/jedis/util/RedisInputStream", "redis/clients/jedis/BuilderFactory",
					"redis/clients/jedis/Response.", "net/rubyeye/xmemcached/XMemcachedClient.latchWait",
					"com/google/code/yanf4j/nio/impl/NioController.onRead"),
			// The rest of the client: building commands, sendCommand, flush and its socket write.
			new Rule(CpuShare.CLIENT_WRITE, "redis/clients/jedis/", "net/rubyeye/xmemcached/", "com/google/code/yanf4j/"),
			// Timers called from the store, before the store's rule.
			new Rule(CpuShare.DISPATCH, "io/micrometer/", "io/prometheus/"),
			new Rule(CpuShare.STORE, "org/redisbench/store/", "org/redisbench/memcached/", "org/redisbench/model/"),
			// Parsing and writing under Spring's frames, before Spring's rule: the request's input buffer, the
			// response's output buffers and the socket write under them, headers and URIs parsed on demand.
			new Rule(CpuShare.HTTP, "org/apache/coyote/http11/Http11InputBuffer",
					"org/apache/coyote/http11/Http11OutputBuffer", "org/apache/coyote/http11/Http11Processor.prepareResponse",
					"org/apache/catalina/connector/OutputBuffer", "org/apache/catalina/connector/InputBuffer",
					"org/apache/tomcat/util/http/", "org/apache/tomcat/util/buf/"),
			// Everything between Tomcat's adapter and the controller that no rule above claimed.
			new Rule(CpuShare.DISPATCH, "org/apache/catalina/", "org/springframework/", "jakarta/servlet/",
					"org/redisbench/web/"),
			// Last, since every request's stack passes through them: Tomcat's own request processing.
			new Rule(CpuShare.HTTP, "org/apache/coyote/", "org/apache/tomcat/"));

	private FrameRules() {
	}

	/** The share of one stack, its frames from the thread's root to the sampled frame. */
	public static CpuShare classify(List<String> frames) {
		return decidingRule(frames).map(Rule::share).orElse(CpuShare.REST);
	}

	/** The first rule that names a frame of the stack; none for {@link CpuShare#REST}. */
	public static Optional<Rule> decidingRule(List<String> frames) {
		return RULES.stream().filter(rule -> frames.stream().anyMatch(rule::names)).findFirst();
	}

	/** One share and the frame name prefixes that make a stack its. */
	public record Rule(CpuShare share, List<String> prefixes) {

		public Rule(CpuShare share, String... prefixes) {
			this(share, List.of(prefixes));
		}

		public boolean names(String frame) {
			return this.prefixes.stream().anyMatch(frame::startsWith);
		}

	}

}
