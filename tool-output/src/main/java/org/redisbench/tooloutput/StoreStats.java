package org.redisbench.tooloutput;

/**
 * What one server holding the persons says about itself at one moment, in the names of Redis's {@code INFO} that
 * the report reads ({@code used_memory}, {@code total_net_input_bytes}, …): Redis's own reply, or Memcached's
 * {@code stats} translated in {@link MemcachedStats}. A figure the server does not give is {@code null}.
 */
public interface StoreStats {

	Long longValue(String name);

	Double doubleValue(String name);

	/** What the server holds as data, without what its clients' buffers take. */
	Long dataMemory();

	/** Whether nothing was read: the server did not answer. */
	boolean isEmpty();

}
