package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.runresults.RunFixture;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Users' tooling reads summary.csv and summary.json: their columns keep their names and their order. */
class SummaryFilesTest {

	static final List<String> COLUMNS = List.of("app", "mode", "compression", "topology", "phase", "repetition",
			"requests", "concurrency", "complete_requests", "requests_per_second", "time_per_request_ms",
			"time_per_request_all_ms", "p50_ms", "p90_ms", "p99_ms", "max_ms", "failed_requests", "non_2xx",
			"used_memory_bytes", "used_memory_dataset_bytes", "used_memory_rss_bytes", "mem_fragmentation_ratio", "dbsize",
			"bytes_per_person", "value_bytes", "net_in_bytes_per_request", "net_out_bytes_per_request",
			"app_cpu_ms_per_request", "app_rss_bytes", "server_ms_per_request", "encode_ms_per_request",
			"decode_ms_per_request", "redis_ms_per_request", "rest_ms_per_request", "valid", "invalid_reason", "redis_rtt_ms",
			"app_rtt_ms", "redis_settings", "evicted_keys", "forks", "missing_persons", "not_found_responses",
			"jit_cpu_ms_per_request", "redis_proxied", "app_proxied", "layout", "persons_written");

	@TempDir
	Path temp;

	@Test
	void everyRecordOfEveryPhaseHasThePublishedColumnsInOrder() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.delete(out.resolve("raw/kryo/rep1/check.ab.txt"));
		Files.writeString(out.resolve("raw/kryo/rep1/check.skipped"), "skipped: the app had exited\n");
		List<SummaryRecord> records = RunResults.load(out).records();
		SummaryFiles.write(out, records);
		List<String> csv = Files.readAllLines(out.resolve(SummaryFiles.CSV));
		assertEquals(String.join(",", COLUMNS), csv.get(0));
		JsonNode json = JsonMapper.builder().build().readTree(out.resolve(SummaryFiles.JSON).toFile());
		assertEquals(records.size(), json.size());
		for (JsonNode record : json) {
			List<String> keys = new ArrayList<>(record.propertyNames());
			assertEquals(COLUMNS, keys, record.get("phase").asString());
		}
		// the skipped phase: its load as asked, the rest empty, and why
		assertEquals("kryo,per-key,none,single,check,1,2000,50" + ",".repeat(27) + "false,skipped: the app had exited,0,0,default,,,,,,false,false,string-per-key,",
				csv.get(8));
	}

	@Test
	void aRunWithoutRecordsStillWritesTheHeader() throws IOException {
		SummaryFiles.write(this.temp, List.of());
		assertEquals(List.of(String.join(",", COLUMNS)), Files.readAllLines(this.temp.resolve(SummaryFiles.CSV)));
	}

}
