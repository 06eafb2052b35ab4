package org.redisbench.objectreading.objects;

/**
 * One way a Java service could store its objects in Redis, in the style of Spring Data Redis's
 * {@code RedisSerializer}: an object to bytes and back. Each candidate is one small class configured as an
 * application would configure it; {@link ObjectCandidates} lists them.
 * <p>
 * A codec that cannot carry a value throws {@link CannotCarry} with a reason a person can act on (no default
 * constructor, a cycle, a lambda...), never a library's stack trace.
 */
public interface ObjectCodec {

	/** The candidate's fixed name in reports and on the command line, for example {@code kryo-registered}. */
	String id();

	/** The bytes Redis would hold for the value. */
	byte[] encode(Object value) throws CannotCarry;

	/**
	 * The value read back from what {@link #encode} wrote.
	 * @param type the class of the value the bytes were written from: what an application reading the key knows
	 * (a cache's value type, a session attribute's type). Codecs that store the class in the bytes ignore it.
	 */
	Object decode(byte[] bytes, Class<?> type) throws CannotCarry;

	/** Whether values whose graph holds a cycle can be written; those that cannot would recurse until the stack ends. */
	default boolean carriesCycles() {
		return false;
	}

	/** Whether a lambda held by a value is worth trying (a serializable one); the others cannot rebuild one. */
	default boolean carriesLambdas() {
		return false;
	}

}
