package org.redisbench.runresults;

/**
 * What a slice of the app's CPU time was spent on, as {@link FrameRules} tells it from a sampled stack: the
 * steps of a request in the order it takes them, then the JVM's own work. The report prints them in this order.
 */
public enum CpuShare {

	/**
	 * Opening and closing connections: Tomcat's acceptor thread and the kernel's accept under it, a socket's
	 * registration with the poller, its close by the worker and the poller. Keep-alive takes most of it away.
	 */
	CONNECTION("connections: accept, close"),

	/**
	 * Getting a ready socket to a worker thread: the poller's select and its epoll updates, handing the socket
	 * to a worker, and the worker's park while it waits for one. Paid per request, with or without keep-alive.
	 */
	POLLER("poller and hand-off"),

	/** Reading and parsing the request, recycling its processor, writing the response and its socket write. */
	HTTP("HTTP: parse, respond"),

	/**
	 * From Tomcat's valves to the controller and back: the filter chain, Spring's dispatcher, argument and return
	 * value handling, message converters, the request's observation and every Micrometer timer.
	 */
	DISPATCH("dispatch, filters, metrics"),

	/** Making new persons for /add and checking their md5 after /check. */
	PERSONS("persons and md5"),

	/** Encoding and decoding persons, compression included: what the benchmark compares. */
	CODEC("codec"),

	/** The store's own code around the client: keys, batches, deadlines, replies checked. */
	STORE("store's own code"),

	/** Borrowing a connection from the pool and giving it back, a PING to check it included. */
	POOL("connection pool"),

	/** Building the client's commands and writing them: sendCommand, flush and the socket write under it. */
	CLIENT_WRITE("client writes"),

	/** Reading replies: the socket read, and the poll or park it waits in until Redis answers. */
	CLIENT_READ("client reads"),

	/** The garbage collector's threads, and allocation that had to call into it. */
	GC("GC"),

	/** The JIT compiler's threads: large in a measured phase means the warm-up was too short. */
	JIT("JIT compiler"),

	/** Anything no rule names: the JVM's other threads, the interpreter, stubs, stacks cut short. */
	REST("the rest");

	private final String label;

	CpuShare(String label) {
		this.label = label;
	}

	public String label() {
		return this.label;
	}

}
