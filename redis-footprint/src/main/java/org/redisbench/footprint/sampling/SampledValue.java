package org.redisbench.footprint.sampling;

/**
 * One value of the sample: the key it is stored under and, for a hash's value, its field ({@code null} for a
 * string), its bytes, and whether its key expires.
 */
public record SampledValue(byte[] key, byte[] field, byte[] value, boolean expires) {

	/** A string's value, or a file's, under its own name. */
	public SampledValue(byte[] key, byte[] value, boolean expires) {
		this(key, null, value, expires);
	}

	/** Its name in a layout of a value each: the key, or a hash's key and field joined by a colon. */
	public byte[] name() {
		if (this.field == null) {
			return this.key;
		}
		byte[] name = new byte[this.key.length + 1 + this.field.length];
		System.arraycopy(this.key, 0, name, 0, this.key.length);
		name[this.key.length] = ':';
		System.arraycopy(this.field, 0, name, this.key.length + 1, this.field.length);
		return name;
	}

}
