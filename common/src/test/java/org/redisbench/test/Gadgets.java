package org.redisbench.test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Class names that deserialization exploits instantiate, and probes of our own that count every time any of
 * them is loaded and initialized, constructed or has a setter called, so a decoder test can prove that a
 * hostile value never brought a class to life, not only that the decoder threw.
 */
public final class Gadgets {

	private static final AtomicInteger touches = new AtomicInteger();

	private Gadgets() {
	}

	/** How often any probe was initialized, constructed or set so far. */
	public static int touches() {
		return touches.get();
	}

	/**
	 * Well-known gadget classes (JNDI lookup, bytecode loading, remote Spring XML, DNS lookup, command
	 * execution), some of them on the apps' own classpath, then the probes.
	 */
	public static List<String> knownNames() {
		return List.of("com.sun.rowset.JdbcRowSetImpl", "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl",
				"org.springframework.context.support.ClassPathXmlApplicationContext",
				"org.springframework.beans.factory.config.PropertyPathFactoryBean",
				"ch.qos.logback.core.db.DriverManagerConnectionSource", "java.net.URL", "java.net.InetAddress",
				"java.lang.ProcessBuilder", "javax.script.ScriptEngineManager",
				"org.apache.commons.collections.functors.InvokerTransformer", Probe.class.getName(),
				ThrowableProbe.class.getName());
	}

	/**
	 * Shaped like a person, so a lenient decoder could fill it in; {@link AutoCloseable} because fastjson 1
	 * let an expected {@code AutoCloseable} name any implementation.
	 */
	public static class Probe implements AutoCloseable {

		static {
			touches.incrementAndGet();
		}

		private long id;

		private String name;

		public Probe() {
			touches.incrementAndGet();
		}

		public long getId() {
			return this.id;
		}

		public void setId(long id) {
			touches.incrementAndGet();
			this.id = id;
		}

		public String getName() {
			return this.name;
		}

		public void setName(String name) {
			touches.incrementAndGet();
			this.name = name;
		}

		@Override
		public void close() {
			touches.incrementAndGet();
		}

	}

	/** fastjson 1.2.80 let an expected {@link Throwable} name any subclass. */
	public static class ThrowableProbe extends Exception {

		static {
			touches.incrementAndGet();
		}

		public ThrowableProbe() {
			touches.incrementAndGet();
		}

		public void setMessage(String message) {
			touches.incrementAndGet();
		}

	}

}
