package org.redisbench.advise;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import redis.clients.jedis.Jedis;

/** What the report says about the sample and the run, beside the rows. */
record AdviceFacts(Sample sample, long jsonValues, String ownRedisVersion, Options options) {

	AdviceFacts(Sample sample, List<Document> documents, String ownRedisVersion, Options options) {
		this(sample, documents.stream().filter(Document::isJson).count(), ownRedisVersion, options);
	}

	static String version(Jedis redis) {
		Matcher matcher = Pattern.compile("^redis_version:(\\S+)", Pattern.MULTILINE).matcher(redis.info("server"));
		return matcher.find() ? matcher.group(1) : "unknown";
	}

	Spread valueBytes() {
		return Spread.of(this.sample.values.stream().map((value) -> value.value().length).toList());
	}

	Spread keyBytes() {
		return Spread.of(this.sample.keyBytes);
	}

	Spread memoryUsage() {
		return Spread.of(this.sample.memoryUsage);
	}

	double ttlShare() {
		return this.sample.keysRead == 0 ? 0 : this.sample.keysWithTtl / (double) this.sample.keysRead;
	}

	boolean fromRedis() {
		return this.options.file() == null;
	}

}
