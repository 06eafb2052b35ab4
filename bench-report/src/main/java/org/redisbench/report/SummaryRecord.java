package org.redisbench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured run: a variant's {@link Phase} in one repetition. A figure
 * that does not apply to the phase, or could not be read, is {@code null}. Redis figures are summed over the
 * masters of a cluster; {@code nodes} keeps each master's share (empty on a single Redis).
 */
public record SummaryRecord(Variant variant, Phase phase, int repetition, Long requests, Integer concurrency,
		Long completeRequests, Double requestsPerSecond, Double timePerRequestMs, Double timePerRequestAllMs,
		Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs, Long failedRequests, Long non2xx,
		Long usedMemoryBytes, Long usedMemoryDatasetBytes, Long usedMemoryRssBytes, Double memFragmentationRatio,
		Long dbsize, Double bytesPerPerson, Double valueBytes, Double netInBytesPerRequest,
		Double netOutBytesPerRequest, Double appCpuMsPerRequest, Long appRssBytes, TimeSplit timeSplit,
		List<Node> nodes, boolean valid, String invalidReason) {

	/** One cluster master after the phase. */
	public record Node(String name, Long dbsize, Long usedMemoryBytes) {
	}

	/** A phase bench.sh could not run: listed, with why, and never averaged. */
	public static SummaryRecord notMeasured(Variant variant, Phase phase, int repetition, long requests,
			int concurrency, String reason) {
		return new SummaryRecord(variant, phase, repetition, requests, concurrency, null, null, null, null, null, null,
				null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, TimeSplit.NONE,
				List.of(), false, reason);
	}

	public String app() {
		return this.variant.app();
	}

	/** The published column names, in order: the one place both summary.csv and summary.json take them from. */
	public Map<String, Object> columns() {
		Map<String, Object> columns = new LinkedHashMap<>();
		columns.put("app", this.variant.app());
		columns.put("mode", this.variant.mode());
		columns.put("compression", this.variant.compression());
		columns.put("topology", this.variant.topology());
		columns.put("phase", this.phase.label());
		columns.put("repetition", this.repetition);
		columns.put("requests", this.requests);
		columns.put("concurrency", this.concurrency);
		columns.put("complete_requests", this.completeRequests);
		columns.put("requests_per_second", this.requestsPerSecond);
		columns.put("time_per_request_ms", this.timePerRequestMs);
		columns.put("time_per_request_all_ms", this.timePerRequestAllMs);
		columns.put("p50_ms", this.p50Ms);
		columns.put("p90_ms", this.p90Ms);
		columns.put("p99_ms", this.p99Ms);
		columns.put("max_ms", this.maxMs);
		columns.put("failed_requests", this.failedRequests);
		columns.put("non_2xx", this.non2xx);
		columns.put("used_memory_bytes", this.usedMemoryBytes);
		columns.put("used_memory_dataset_bytes", this.usedMemoryDatasetBytes);
		columns.put("used_memory_rss_bytes", this.usedMemoryRssBytes);
		columns.put("mem_fragmentation_ratio", this.memFragmentationRatio);
		columns.put("dbsize", this.dbsize);
		columns.put("bytes_per_person", this.bytesPerPerson);
		columns.put("value_bytes", this.valueBytes);
		columns.put("net_in_bytes_per_request", this.netInBytesPerRequest);
		columns.put("net_out_bytes_per_request", this.netOutBytesPerRequest);
		columns.put("app_cpu_ms_per_request", this.appCpuMsPerRequest);
		columns.put("app_rss_bytes", this.appRssBytes);
		columns.put("server_ms_per_request", this.timeSplit.serverMs());
		columns.put("encode_ms_per_request", this.timeSplit.encodeMs());
		columns.put("decode_ms_per_request", this.timeSplit.decodeMs());
		columns.put("redis_ms_per_request", this.timeSplit.redisMs());
		columns.put("rest_ms_per_request", this.timeSplit.restMs());
		columns.put("valid", this.valid);
		columns.put("invalid_reason", this.invalidReason);
		return columns;
	}

}
