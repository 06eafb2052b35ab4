package org.redisbench.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code name:value} lines of Redis's INFO; an INFO without the field asked for is not what it claims to be. */
public final class InfoFields {

	private InfoFields() {
	}

	public static long number(String info, String name) {
		return Long.parseLong(text(info, name, "-?\\d+"));
	}

	/** A field's value with a fraction ({@code used_cpu_user}, {@code mem_fragmentation_ratio}). */
	public static double decimal(String info, String name) {
		return Double.parseDouble(text(info, name, "-?\\d+(?:\\.\\d+)?"));
	}

	/**
	 * The CPU seconds Redis has used since it started, user and system, from {@code INFO cpu}: what a load cost the
	 * server is the difference of two readings.
	 */
	public static double cpuSeconds(String info) {
		return decimal(info, "used_cpu_user") + decimal(info, "used_cpu_sys");
	}

	/** A field's value, a word without spaces ({@code redis_version}, {@code mem_allocator}). */
	public static String text(String info, String name) {
		return text(info, name, "\\S+");
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
