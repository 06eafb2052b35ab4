package org.redisbench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The fields of one {@code INFO} reply, as {@code redis-cli INFO} prints them ({@code name:value}, CRLF, {@code #} sections). */
public final class RedisInfo implements StoreStats {

	private final Map<String, String> fields;

	private RedisInfo(Map<String, String> fields) {
		this.fields = Collections.unmodifiableMap(fields);
	}

	public static RedisInfo parse(String text) {
		Map<String, String> fields = new LinkedHashMap<>();
		for (String line : text.split("\\r?\\n")) {
			int colon = line.indexOf(':');
			if (line.isBlank() || line.startsWith("#") || colon < 1) {
				continue;
			}
			fields.put(line.substring(0, colon), line.substring(colon + 1).strip());
		}
		return new RedisInfo(fields);
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

	/** What Redis holds as data: its allocations less the buffers of connected clients, which are no data. */
	@Override
	public Long dataMemory() {
		Long used = longValue("used_memory");
		Long clients = longValue("mem_clients_normal");
		return used == null ? null : used - (clients == null ? 0 : clients);
	}

	@Override
	public boolean isEmpty() {
		return this.fields.isEmpty();
	}

}
