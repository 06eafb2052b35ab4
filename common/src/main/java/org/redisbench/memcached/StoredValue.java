package org.redisbench.memcached;

/** A value as Memcached holds it: the client's flags beside the bytes. This app writes flags 0. */
record StoredValue(int flags, byte[] bytes) {

}
