package org.redisbench.lab;

import java.util.Arrays;

/** The measured operations: each a {@link CodecBenchmark} method. */
enum Operation {

	ENCODE_PERSON("encodePerson", "encode", "encodes a person"),

	DECODE_PERSON("decodePerson", "decode+verify", "decodes and verifies a person"),

	ENCODE_BATCH("encodeBatch", "encode 100", "encodes a batch of 100"),

	DECODE_BATCH("decodeBatch", "decode+verify 100", "decodes and verifies a batch of 100");

	private final String method;

	private final String label;

	private final String does;

	Operation(String method, String label, String does) {
		this.method = method;
		this.label = label;
		this.does = does;
	}

	String method() {
		return this.method;
	}

	/** Short, for a table's column. */
	String label() {
		return this.label;
	}

	/** What a codec does in it, for a sentence: "kryo decodes and verifies a person faster than ...". */
	String does() {
		return this.does;
	}

	/** The key of its columns in codecs.csv and codecs.json. */
	String column() {
		return name().toLowerCase();
	}

	static Operation byMethod(String method) {
		return Arrays.stream(values())
			.filter((operation) -> operation.method.equals(method))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no operation for benchmark method " + method));
	}

}
