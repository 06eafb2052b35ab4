package org.redisbench.migrate;

import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.StarterSettings;
import org.redisbench.valueformat.readboth.MigratingSerializer;

/**
 * From one format to another, value by value: reads a stored value's first bytes to tell which it is in, and
 * converts one in the source format only when the converted value decodes back equal to the original.
 */
interface ValueConversion {

	/** The verdict on a stored value, never {@code null}; no exception for a value that does not decode. */
	Disposition classify(byte[] value);

	/** Whether a stored value decodes in the format read or the format written: what {@code --verify} counts. */
	boolean decodes(byte[] value);

	/** Whether the application's serializer for the switch reads a value: what {@code --verify} counts. */
	static boolean readsBack(MigratingSerializer<?> both, byte[] value) {
		try {
			return both.deserialize(value) != null;
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	/** The format a value's first bytes name, with the compression a tag names: how {@code --verify} counts. */
	static String formatOf(byte[] value) {
		ValueFormat format = ValueFormat.of(value);
		return ValueFormat.compressionOf(value).map((compression) -> format.id() + " " + compression).orElse(format.id());
	}

	/** Whether a hash's fields are values to convert, each on its own; else a hash is left, {@code not a string}. */
	default boolean hashFields() {
		return false;
	}

	/**
	 * The conversion a dry run projects the memory with once it has read every matched key: this one, unless the
	 * walk settled what is written (the classes a registering format registers, listed from the values read).
	 */
	default ValueConversion settled() {
		return this;
	}

	/**
	 * What the report ends with: how the service is switched to read both before the values are rewritten, or why
	 * the value-format starter does not do it.
	 */
	StarterSettings service(MigrateOptions options);

	/** {@code jdk}, {@code kryo+zstd-dict}: for the report and the checkpoint. */
	String from();

	String to();

}
