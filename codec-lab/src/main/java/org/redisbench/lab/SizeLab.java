package org.redisbench.lab;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.redisbench.codecs.Availability;
import org.redisbench.footprint.OwnRedis;
import org.redisbench.person.Person;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;

/**
 * The lab's measurements outside JMH, for every available configuration: the sizes of its values, and what
 * they cost a redis-server the lab starts for itself.
 */
final class SizeLab {

	/**
	 * One configuration's sizes: {@code redisBytesPerKey} is {@code null} when no keys were stored, every figure
	 * is when the codec failed, and {@code failure} says how.
	 */
	record Row(String codec, String compression, int persons, Double valueBytesMean, Integer valueBytesP50,
			Integer valueBytesP99, int keys, Double redisBytesPerKey, String failure) {
	}

	/** All rows, and the Redis that measured them. */
	record Results(String redisVersion, String memAllocator, List<Row> rows) {

		Row row(CodecSetup setup) {
			return this.rows.stream()
				.filter((row) -> row.codec().equals(setup.codec().id())
						&& row.compression().equals(setup.compression().toString()))
				.findFirst()
				.orElse(null);
		}

	}

	private SizeLab() {
	}

	/** Skips unavailable codecs; FLUSHALLs its own Redis between configurations. */
	static Results measure(List<CodecSetup> setups, int persons, int keys, PrintStream log) throws IOException {
		Person[] measured = LabPersons.first(persons);
		List<Row> rows = new ArrayList<>();
		try (OwnRedis redis = OwnRedis.start(); Jedis jedis = redis.connect()) {
			String server = jedis.info("server");
			log.printf("redis-server on 127.0.0.1:%d%n", redis.port());
			for (CodecSetup setup : setups) {
				if (setup.codec().availability() instanceof Availability.Unavailable) {
					continue;
				}
				rows.add(measure(setup, measured, jedis, keys, log));
			}
			jedis.flushAll();
			return new Results(RedisInfo.text(server, "redis_version"),
					RedisInfo.text(jedis.info("memory"), "mem_allocator"), rows);
		}
	}

	/** A codec that fails is a row saying so: the other configurations are still measured. */
	private static Row measure(CodecSetup setup, Person[] measured, Jedis jedis, int keys, PrintStream log) {
		String codec = setup.codec().id();
		String compression = setup.compression().toString();
		try {
			LabCodec lab = setup.start();
			SizePercentiles sizes = SizePercentiles.of(lab, measured);
			Double perKey = (keys > 0) ? PersonLoad.bytesPerKey(jedis, lab, keys) : null;
			log.printf("%-28s value bytes mean %.1f p50 %d p99 %d, Redis bytes per key %s%n", setup, sizes.mean(),
					sizes.p50(), sizes.p99(), (perKey != null) ? String.format("%.1f", perKey) : "not measured");
			return new Row(codec, compression, measured.length, sizes.mean(), sizes.p50(), sizes.p99(), keys, perKey,
					null);
		}
		catch (RuntimeException ex) {
			log.printf("%-28s FAILED: %s%n", setup, ex);
			return new Row(codec, compression, measured.length, null, null, null, keys, null, ex.toString());
		}
	}

}
