package org.redisbench.footprint;

/**
 * What a candidate writes a value as, before compression: a JSON {@link DocumentEncoding} of the plain JSON documents, or
 * a {@link TypedForm}, a typed codec of the values read as objects. The sample's other values each stores as they
 * are.
 */
public sealed interface Form permits DocumentEncoding, TypedForm {

	/** Its name in reports: an encoding's or a typed codec's id. */
	String id();

	/** Whether it writes the values read as objects. */
	boolean typed();

}
