package org.redisbench.runresults;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measured run: a variant's {@link Phase} in one repetition, its figures grouped by where they come from (the
 * load generator, Redis, the app) and its verdict. Only a valid run is averaged.
 */
public record SummaryRecord(Variant variant, Phase phase, int repetition, Load load, StoreFigures store,
		AppFigures app, Validity verdict) {

	/** A phase bench.sh could not run: listed, with why, and never averaged. */
	public static SummaryRecord notMeasured(Variant variant, Phase phase, int repetition, long requests, int concurrency,
			String reason) {
		return new SummaryRecord(variant, phase, repetition, Load.notRun(requests, concurrency),
				StoreFigures.NONE, AppFigures.NONE, Validity.invalid(reason));
	}

	/**
	 * The published column names, in order: the one place both summary.csv and summary.json take them from.
	 * Users' tooling reads them, so a column keeps its name and place.
	 */
	public Map<String, Object> columns() {
		Map<String, Object> columns = new LinkedHashMap<>();
		columns.put("app", this.variant.app());
		columns.put("mode", this.variant.mode());
		columns.put("compression", this.variant.compression());
		columns.put("topology", this.variant.topology());
		columns.put("phase", this.phase.label());
		columns.put("repetition", this.repetition);
		columns.put("requests", this.load.requests());
		columns.put("concurrency", this.load.concurrency());
		columns.put("complete_requests", this.load.completeRequests());
		columns.put("requests_per_second", this.load.requestsPerSecond());
		columns.put("time_per_request_ms", this.load.timePerRequestMs());
		columns.put("time_per_request_all_ms", this.load.timePerRequestAllMs());
		columns.put("p50_ms", this.load.p50Ms());
		columns.put("p90_ms", this.load.p90Ms());
		columns.put("p99_ms", this.load.p99Ms());
		columns.put("max_ms", this.load.maxMs());
		columns.put("failed_requests", this.load.failedRequests());
		columns.put("non_2xx", this.load.non2xx());
		columns.put("used_memory_bytes", this.store.usedMemoryBytes());
		columns.put("used_memory_dataset_bytes", this.store.usedMemoryDatasetBytes());
		columns.put("used_memory_rss_bytes", this.store.usedMemoryRssBytes());
		columns.put("mem_fragmentation_ratio", this.store.memFragmentationRatio());
		columns.put("dbsize", this.store.dbsize());
		columns.put("bytes_per_person", this.store.bytesPerPerson());
		columns.put("value_bytes", this.store.valueBytes());
		columns.put("net_in_bytes_per_request", this.store.netInBytesPerRequest());
		columns.put("net_out_bytes_per_request", this.store.netOutBytesPerRequest());
		columns.put("app_cpu_ms_per_request", this.app.cpuMsPerRequest());
		columns.put("app_rss_bytes", this.app.rssBytes());
		columns.put("server_ms_per_request", this.app.timeSplit().serverMs());
		columns.put("encode_ms_per_request", this.app.timeSplit().encodeMs());
		columns.put("decode_ms_per_request", this.app.timeSplit().decodeMs());
		columns.put("redis_ms_per_request", this.app.timeSplit().redisMs());
		columns.put("rest_ms_per_request", this.app.timeSplit().restMs());
		columns.put("valid", this.verdict.valid());
		columns.put("invalid_reason", this.verdict.valid() ? null : this.verdict.reason());
		columns.put("redis_rtt_ms", this.variant.redisRttMs());
		columns.put("app_rtt_ms", this.variant.appRttMs());
		columns.put("redis_settings", this.variant.redisSettings());
		columns.put("evicted_keys", this.store.evictedKeys());
		columns.put("forks", this.store.forks());
		columns.put("missing_persons", this.store.missingPersons());
		columns.put("not_found_responses", this.app.notFoundResponses());
		columns.put("jit_cpu_ms_per_request", this.app.jitCpuMsPerRequest());
		// A proxy adding 0 ms is not no proxy: these tell the two apart where the round trips read 0.
		columns.put("redis_proxied", this.variant.redisRtt().proxied());
		columns.put("app_proxied", this.variant.appRtt().proxied());
		// In hash buckets dbsize counts buckets: persons_written counts what /add stored.
		columns.put("layout", this.variant.layout().label());
		columns.put("persons_written", this.store.personsWritten());
		return columns;
	}

}
