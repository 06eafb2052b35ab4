package org.redisbench.footprint;

import java.nio.charset.StandardCharsets;

import com.alibaba.fastjson2.JSON;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A sampled value as the encodings see it: its bytes, and, when it is a JSON object or array, the document as
 * Jackson's tree and as fastjson2's (each library re-encodes from its own). A value that is not JSON (or is a
 * bare number or string) is opaque: every encoding stores its bytes as they are.
 */
public final class Document {

	static final JsonMapper JSON_MAPPER = JsonMapper.builder().build();

	private final byte[] raw;

	private final JsonNode tree;

	private Object fastjson;

	private Document(byte[] raw, JsonNode tree) {
		this.raw = raw;
		this.tree = tree;
	}

	public static Document of(byte[] raw) {
		return new Document(raw, parse(raw));
	}

	/** A value the JSON encodings store as it is: one read as an object, which the typed candidates re-encode. */
	public static Document opaque(byte[] raw) {
		return new Document(raw, null);
	}

	private static JsonNode parse(byte[] raw) {
		int first = 0;
		while (first < raw.length && Character.isWhitespace(raw[first])) {
			first++;
		}
		if (first == raw.length || (raw[first] != '{' && raw[first] != '[')) {
			return null;
		}
		try {
			return JSON_MAPPER.readTree(raw);
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	public byte[] raw() {
		return this.raw;
	}

	public boolean isJson() {
		return this.tree != null;
	}

	/** {@code null} for an opaque value. */
	JsonNode tree() {
		return this.tree;
	}

	/** fastjson2's own parse of the text, made once and kept. */
	Object fastjson() {
		if (this.fastjson == null && this.tree != null) {
			this.fastjson = JSON.parse(new String(this.raw, StandardCharsets.UTF_8));
		}
		return this.fastjson;
	}

}
