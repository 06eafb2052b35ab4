package org.redisbench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields of one {@code INFO} reply, as {@code redis-cli INFO} prints them ({@code name:value}, CRLF, {@code #}
 * sections), and what its clients took at that instant where a {@code CLIENT LIST} was read with it.
 */
public final class RedisInfo implements StoreStats {

	private final Map<String, String> fields;

	private final Long clientsMemory;

	private RedisInfo(Map<String, String> fields, Long clientsMemory) {
		this.fields = Collections.unmodifiableMap(fields);
		this.clientsMemory = clientsMemory;
	}

	/** An INFO reply alone: its clients' memory is its {@code mem_clients_normal}. */
	public static RedisInfo parse(String text) {
		return parse(text, "");
	}

	/**
	 * An INFO reply and the {@code CLIENT LIST} read in the same {@code MULTI} (bench.sh's {@code info_and_clients});
	 * an empty list leaves the clients' memory to {@code mem_clients_normal}.
	 */
	public static RedisInfo parse(String text, String clientList) {
		Map<String, String> fields = new LinkedHashMap<>();
		for (String line : text.split("\\r?\\n")) {
			int colon = line.indexOf(':');
			if (line.isBlank() || line.startsWith("#") || colon < 1) {
				continue;
			}
			fields.put(line.substring(0, colon), line.substring(colon + 1).strip());
		}
		return new RedisInfo(fields, ClientList.memory(clientList));
	}

	public String text(String name) {
		return this.fields.get(name);
	}

	@Override
	public Long longValue(String name) {
		String value = this.fields.get(name);
		return value == null ? null : Long.valueOf(value);
	}

	@Override
	public Double doubleValue(String name) {
		String value = this.fields.get(name);
		return value == null ? null : Double.valueOf(value);
	}

	/**
	 * What Redis holds as data: its allocations less the buffers of connected clients, which are no data. Those
	 * buffers are read from the CLIENT LIST where there is one: {@code mem_clients_normal} trails them by up to a
	 * second (Redis 7.0 updates a client's share when its cron visits the client), and the apps' pools PING their
	 * 200 idle connections every 5 s, each PING giving its connection a 16 kB query buffer until 2 s of idleness;
	 * an INFO read just after that counted up to 3.7 MB of those buffers as data.
	 */
	@Override
	public Long dataMemory() {
		Long used = longValue("used_memory");
		Long clients = this.clientsMemory != null ? this.clientsMemory : longValue("mem_clients_normal");
		return used == null ? null : used - (clients == null ? 0 : clients);
	}

	@Override
	public boolean isEmpty() {
		return this.fields.isEmpty();
	}

}
