package org.redisbench.objectreading.decode;

import org.redisbench.objectreading.objects.Reasons;
import java.io.IOException;

import org.redisbench.valueformat.ValueFormat;

/**
 * One stored value to what it is: its format by its first bytes ({@link ValueFormat}), a compression frame undone
 * and the inside's format told in turn, and for a JDK stream or Spring's typed JSON the object, read safely with the
 * user's classes.
 */
public final class ValueDecoder {

	/**
	 * @param format what the value's own first bytes say
	 * @param inside what a compression frame holds, or {@code null} (no frame, or one that could not be opened:
	 * {@code frameFailure} says why)
	 * @param outcome the object or why not, for a JDK stream or typed JSON (inside a frame or not); {@code null} for
	 * any other value
	 */
	public record Reading(ValueFormat format, ValueFormat inside, Outcome outcome, String frameFailure) {

		/** The format that decides how the value is read: the inside of a frame, else the value's own. */
		public ValueFormat content() {
			return this.inside != null ? this.inside : this.format;
		}

	}

	private final JdkReader jdk;

	private final TypedJsonReader typedJson;

	private final int maxValueBytes;

	/**
	 * @param maxValueBytes the most bytes a frame may hold, and a JDK stream's {@link StreamLimits}
	 */
	public ValueDecoder(ClassPolicy policy, ClassLoader loader, int maxValueBytes) {
		this.jdk = new JdkReader(policy.allowList(), loader, StreamLimits.forValueBytes(maxValueBytes));
		this.typedJson = new TypedJsonReader(policy, loader);
		this.maxValueBytes = maxValueBytes;
	}

	public Reading read(byte[] value) {
		ValueFormat format = ValueFormat.of(value);
		if (!Frames.isFrame(format)) {
			return new Reading(format, null, object(format, value), null);
		}
		byte[] inside;
		try {
			inside = Frames.open(format, value, this.maxValueBytes);
		}
		catch (IOException | RuntimeException ex) {
			return new Reading(format, null, null,
					Frames.LARGER.equals(ex.getMessage()) ? Frames.LARGER : Reasons.of(ex));
		}
		ValueFormat insideFormat = ValueFormat.of(inside);
		return new Reading(format, insideFormat, object(insideFormat, inside), null);
	}

	private Outcome object(ValueFormat format, byte[] value) {
		return switch (format) {
			case JDK -> this.jdk.read(value);
			case TYPED_JSON -> this.typedJson.read(value);
			default -> null;
		};
	}

}
