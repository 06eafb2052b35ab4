package org.redisbench.corpus;

import java.util.Arrays;
import java.util.List;

/**
 * What the command line asks: {@code KIND COUNT}, then Spring's own {@code --name=value} properties (where Redis
 * is, {@code --corpus.seed}), which Spring reads itself.
 */
public record Request(Kind kind, long count) {

	public static final String USAGE = "usage: java -jar spring-corpus.jar KIND COUNT [--spring.data.redis.host=H]"
			+ " [--spring.data.redis.port=P] [--spring.data.redis.database=D] [--corpus.seed=S]; KIND one of: "
			+ Kind.labels();

	public static Request parse(String... args) {
		List<String> words = Arrays.stream(args).filter((arg) -> !arg.startsWith("--")).toList();
		if (words.size() != 2) {
			throw new IllegalArgumentException(USAGE);
		}
		Kind kind = Kind.of(words.get(0));
		long count;
		try {
			count = Long.parseLong(words.get(1));
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("COUNT must be a whole number, was '" + words.get(1) + "'");
		}
		if (count < 1) {
			throw new IllegalArgumentException("COUNT must be at least 1, was " + count);
		}
		return new Request(kind, count);
	}

}
