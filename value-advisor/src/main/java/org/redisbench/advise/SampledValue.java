package org.redisbench.advise;

/**
 * One value of the sample: the name it is stored under (a key, or a hash's key and field joined by a colon), its
 * bytes, and whether it expires.
 */
record SampledValue(byte[] name, byte[] value, boolean expires) {
}
