package org.redisbench.migrate;

/** What the migrator makes of one stored value: it is converted already, it is to be converted, or it is left. */
sealed interface Disposition {

	/** In the format written: nothing to do (converted before, or written so by the application). */
	record InTarget() implements Disposition {
	}

	/** In the format read, decoded, encoded anew and read back equal. */
	record Convert(byte[] converted) implements Disposition {
	}

	/** Left as it is, and why. */
	record Refused(Reason reason, String detail) implements Disposition {
	}

	/** Why a value is not converted; each is counted, with the first example. */
	enum Reason {

		NOT_A_STRING("not a string", "a hash, list or set: only string values are converted"),

		TOO_LARGE("too large", "longer than --max-value-bytes, never read whole"),

		OTHER_FORMAT("another format", "neither the format read nor the one written"),

		NOT_ALLOWED("not allowed", "names a class outside --allow: refused before the class was loaded, never decoded"),

		CLASS_NOT_FOUND("class not found", "names an allowed class that --classpath does not hold"),

		DOES_NOT_DECODE("does not decode", "looks like the format read but its codec refuses it"),

		CANNOT_WRITE("cannot be written", "the format written cannot carry it"),

		READS_BACK_DIFFERENT("reads back different", "the converted value decodes to something else"),

		CHANGED_BY_APPLICATION("changed by the application", "it no longer held the bytes read when it was to be"
				+ " replaced: left, the application's value is newer"),

		GONE("gone", "deleted or expired between the read and the replacement"),

		MOVED("moved", "its slot moved to another node of the cluster meanwhile");

		final String label;

		final String meaning;

		Reason(String label, String meaning) {
			this.label = label;
			this.meaning = meaning;
		}

		/** Left because the application or Redis acted first, not because of the value itself. */
		boolean raced() {
			return this == CHANGED_BY_APPLICATION || this == GONE || this == MOVED;
		}

	}

}
