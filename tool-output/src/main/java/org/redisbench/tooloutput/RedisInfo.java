package org.redisbench.tooloutput;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;

/**
 * Redis's {@code INFO}, as {@code redis-cli INFO} prints it ({@code name:value}, CRLF, {@code #} sections), read one
 * way for every tool. Two readings: a reply kept as a map of its fields ({@link #parse}), where a field the server did
 * not give is {@code null} (a report of runs recorded by older scripts), and one field taken from a reply's text by
 * the static readers ({@link #number}, {@link #text}, ...), where an INFO without the field asked for is not what it
 * claims to be.
 */
public final class RedisInfo implements StoreStats {

	private static final Pattern KEYSPACE = Pattern.compile("^db0:keys=(\\d+),expires=(\\d+)", Pattern.MULTILINE);

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

	/** A field as the reply wrote it, {@code null} when it has none. */
	public String field(String name) {
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
	 * What Redis holds as data, as every tool measures it ({@link #dataMemory(String, String)}); {@code null} for an
	 * INFO that was not read.
	 */
	@Override
	public Long dataMemory() {
		return longValue("used_memory") == null ? null : dataMemory(this.text, this.clientList);
	}

	@Override
	public boolean isEmpty() {
		return this.fields.isEmpty();
	}

	/** An integer field of a reply's text. */
	public static long number(String info, String name) {
		return Long.parseLong(text(info, name, "-?\\d+"));
	}

	/** A field's value with a fraction ({@code used_cpu_user}, {@code mem_fragmentation_ratio}). */
	public static double decimal(String info, String name) {
		return Double.parseDouble(text(info, name, "-?\\d+(?:\\.\\d+)?"));
	}

	/** A field's value, a word without spaces ({@code redis_version}, {@code mem_allocator}). */
	public static String text(String info, String name) {
		return text(info, name, "\\S+");
	}

	/**
	 * The CPU seconds Redis has used since it started, user and system, from {@code INFO cpu}: what a load cost the
	 * server is the difference of two readings.
	 */
	public static double cpuSeconds(String info) {
		return decimal(info, "used_cpu_user") + decimal(info, "used_cpu_sys");
	}

	/**
	 * The commands a second Redis served lately ({@code INFO stats}' {@code instantaneous_ops_per_sec}), 0 from a reply
	 * without it: a pace kept under a ceiling is not stopped by a server that does not say.
	 */
	public static long opsPerSecond(String stats) {
		Long ops = parse(stats).longValue("instantaneous_ops_per_sec");
		return ops == null ? 0 : ops;
	}

	/**
	 * {@code used_memory} less what the clients took at that instant: the {@link ClientList} read in the same
	 * {@code MULTI} as the INFO, or, without one (an ACL that refuses CLIENT LIST, a run recorded before), INFO's
	 * {@code mem_clients_normal}. That one trails: Redis 7.0 updates a client's share of it only when its cron visits
	 * the client, about once a second, while a pooled connection's PING gives it a 16 kB query buffer at once;
	 * read within that second, 200 idle connections' buffers counted as up to 3.7 MB of data (18 bytes a person of a
	 * 200,000-person run), which made per-key and pipelined runs of the same values differ (2026-11-26).
	 */
	public static long dataMemory(String info, String clientList) {
		Long clients = ClientList.memory(clientList);
		return number(info, "used_memory") - (clients != null ? clients : number(info, "mem_clients_normal"));
	}

	/**
	 * A reading for {@link RedisBytes}: INFO's memory and keyspace sections, the CLIENT LIST read with it (empty
	 * without one) and, where MEMORY STATS was read, database 0's {@code overhead.hashtable.main} and {@code .expires}
	 * ({@code null} otherwise).
	 */
	public static MemoryReading memoryReading(String info, String clientList, Long overheadMain, Long overheadExpires) {
		Matcher matcher = KEYSPACE.matcher(info);
		long keys = matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
		long expiring = keys == 0 ? 0 : Long.parseLong(matcher.group(2));
		return RedisBytes.reading(dataMemory(info, clientList), keys, expiring, overheadMain, overheadExpires);
	}

	private static String text(String info, String name, String value) {
		Matcher matcher = Pattern.compile("^" + Pattern.quote(name) + ":(" + value + ")\\r?$", Pattern.MULTILINE)
			.matcher(info);
		if (!matcher.find()) {
			throw new IllegalArgumentException("INFO has no " + name + " matching " + value);
		}
		return matcher.group(1);
	}

}
