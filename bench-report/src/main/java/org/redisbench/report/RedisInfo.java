package org.redisbench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.redisbench.model.RedisBytes;

/**
 * The fields of one {@code INFO} reply, as {@code redis-cli INFO} prints them ({@code name:value}, CRLF, {@code #}
 * sections), and what its clients took at that instant where a {@code CLIENT LIST} was read with it.
 */
public final class RedisInfo implements StoreStats {

	private final Map<String, String> fields;

	private final String text;

	private final String clientList;

	private RedisInfo(Map<String, String> fields, String text, String clientList) {
		this.fields = Collections.unmodifiableMap(fields);
		this.text = text;
		this.clientList = clientList;
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
		return new RedisInfo(fields, text, clientList);
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
	 * What Redis holds as data, as every tool measures it ({@link RedisBytes#dataMemory}): its allocations less the
	 * buffers of its clients at that instant; {@code null} for an INFO that was not read.
	 */
	@Override
	public Long dataMemory() {
		return longValue("used_memory") == null ? null : RedisBytes.dataMemory(this.text, this.clientList);
	}

	@Override
	public boolean isEmpty() {
		return this.fields.isEmpty();
	}

}
