package org.redisbench.objectreading.decode;

/**
 * The bounds a JDK stream is read within, checked by its {@code ObjectInputFilter} before anything of that size is
 * allocated: a stream past one fails, counted. A reference and an array element each take at least a byte of the
 * stream, so a stream of at most {@code streamBytes} holds no more of either; an array or a hash table claiming more
 * is a lie told to make the reader allocate.
 *
 * @param depth nested objects, a value's own object at depth 1
 */
public record StreamLimits(long depth, long references, long arrayLength, long streamBytes) {

	/** Far deeper than a session's security context (about 8) or a cached record's nesting; no deep recursion. */
	public static final int MAX_DEPTH = 100;

	/** For values of at most {@code maxValueBytes} (--max-value-bytes, after any compression frame is undone). */
	public static StreamLimits forValueBytes(int maxValueBytes) {
		return new StreamLimits(MAX_DEPTH, maxValueBytes, maxValueBytes, maxValueBytes);
	}

	/** Which bound the filter's figures pass, or {@code null} within all. */
	String passed(long depth, long references, long arrayLength, long streamBytes) {
		if (depth > this.depth) {
			return "deeper than " + this.depth + " objects";
		}
		if (references > this.references) {
			return "more than " + this.references + " references";
		}
		if (arrayLength > this.arrayLength) {
			return "an array or table of " + arrayLength + " elements, over " + this.arrayLength;
		}
		return streamBytes > this.streamBytes ? "more than " + this.streamBytes + " bytes" : null;
	}

}
