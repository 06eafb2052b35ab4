package org.redisbench.valueformat.starter;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.objects.StarterSettings;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What a service writes to Redis and reads beside it. With none of these set, the starter changes nothing.
 */
@ConfigurationProperties(ValueFormatProperties.PREFIX)
public class ValueFormatProperties {

	static final String PREFIX = StarterSettings.PREFIX;

	/**
	 * The format every value is written in: a serializer, then a compression after a plus, e.g. kryo+zstd-dict,
	 * fory-registered+zstd, jdk, kryo+lz4, typed-json. Serializers: jdk, kryo, kryo-registered, fory,
	 * fory-registered, typed-json (Spring Data Redis's JSON with an @class); compressions: gzip, lz4, zstd, zstd-dict.
	 */
	private String write;

	/**
	 * A format read beside the written one, as the values written before the switch are in, e.g. jdk (Spring's
	 * default). Its values must not start as the written format's do.
	 */
	private String readAlso;

	/** The zstd dictionary of zstd-dict, as a resource location: classpath:values.dict or file:/etc/acme/values.dict. */
	private String dictionary;

	/**
	 * The file of classes a registering format (kryo-registered, fory-registered) registers, in order, as migrate
	 * wrote it: classpath:... or file:...
	 */
	private String registrations;

	/**
	 * The classes jdk, kryo and typed-json may build from a value, beside the JDK's own (java.lang, java.util, java.time,
	 * java.math): com.acme.** for a package and those under it, com.acme.* for the package alone, or a class name.
	 * Required when one of them is written or read.
	 */
	private List<String> allow = new ArrayList<>();

	/**
	 * How compressed values are framed when written: standard (zstd's and LZ4's own frames, which the zstd and lz4
	 * tools read after the one tag byte) or compact (this project's, a few bytes smaller, as its apps write).
	 * Values of either frame are read.
	 */
	private Frame frame = Frame.STANDARD;

	public String getWrite() {
		return this.write;
	}

	public void setWrite(String write) {
		this.write = write;
	}

	public String getReadAlso() {
		return this.readAlso;
	}

	public void setReadAlso(String readAlso) {
		this.readAlso = readAlso;
	}

	public String getDictionary() {
		return this.dictionary;
	}

	public void setDictionary(String dictionary) {
		this.dictionary = dictionary;
	}

	public String getRegistrations() {
		return this.registrations;
	}

	public void setRegistrations(String registrations) {
		this.registrations = registrations;
	}

	public List<String> getAllow() {
		return this.allow;
	}

	public void setAllow(List<String> allow) {
		this.allow = allow;
	}

	public Frame getFrame() {
		return this.frame;
	}

	public void setFrame(Frame frame) {
		this.frame = frame;
	}

}
