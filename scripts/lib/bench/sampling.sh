#!/usr/bin/env bash
# Samples over time during every measured phase, stored raw beside the phase's snapshots: the store and the app
# every BENCH_SAMPLE_INTERVAL seconds, and what the samplers themselves cost in CPU. Chosen by measurement
# (docs/bench.md "Over time"): one long-lived process per source, never a process per sample. Redis: one
# `redis-cli -r -1 -i S INFO` per node, a connection kept open, each INFO carrying its own server_time_usec.
# The app: one curl whose --rate spaces the scrapes of a short /actuator/prometheus (includedNames) on one
# kept-alive connection. Memcached: one curl on a telnet:// connection, fed `stats` by a loop of bash builtins.
# For bench.sh to source after measure.sh and stores.sh.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# The app's metrics a sample keeps: requests by endpoint and status with their p99, CPU, GC pauses, and the
# clock (start + uptime) that dates the sample.
SAMPLED_METRICS=http_server_requests_seconds,jvm_gc_pause_seconds,process_cpu_time_ns,process_cpu_usage
SAMPLED_METRICS+=,process_uptime_seconds,process_start_time_seconds

# The samplers of the phase running now, "name pid" each, for stop_sampling and cleanup.
SAMPLERS=()

# The samplers' pace: on when the interval is above 0; curl's --rate counts scrapes per hour.
SAMPLING=no SCRAPES_PER_HOUR=0

# sampling_pace: the samplers' pace from the interval (checked by redis-bench bench); with sampling on, has the
# apps bench.sh starts publish the p99 of their requests over a window of about three samples (a Micrometer
# percentile, through the environment: app.sh's command line stays as it is).
sampling_pace() {
	SCRAPES_PER_HOUR=$(awk -v s="$BENCH_SAMPLE_INTERVAL" 'BEGIN { printf "%d", (s > 0 ? 3600 / s : 0) }')
	((SCRAPES_PER_HOUR > 0)) || return 0
	SAMPLING=yes
	export MANAGEMENT_METRICS_DISTRIBUTION_PERCENTILES_HTTP_SERVER_REQUESTS=0.99
	MANAGEMENT_METRICS_DISTRIBUTION_EXPIRY_HTTP_SERVER_REQUESTS=$((3 * 3600000 / SCRAPES_PER_HOUR))ms
	export MANAGEMENT_METRICS_DISTRIBUTION_EXPIRY_HTTP_SERVER_REQUESTS
	export MANAGEMENT_METRICS_DISTRIBUTION_BUFFER_LENGTH_HTTP_SERVER_REQUESTS=3
}

# record_sampling: the interval and the persons' TTL, in raw/env/over-time.env.
record_sampling() {
	printf 'sample_interval=%s\nttl=%s\n' "$BENCH_SAMPLE_INTERVAL" "${BENCH_TTL:-}" >"$RAW/env/over-time.env"
}

# start_sampling PREFIX: the samplers of one phase, writing PREFIX.samples*.txt.
start_sampling() {
	local prefix=$1 k
	SAMPLERS=()
	[[ $SAMPLING == yes ]] || return 0
	if [[ $TOPOLOGY == memcached ]]; then
		sample_memcached "$MEMCACHED_HOST:$MEMCACHED_PORT" "$prefix.samples.memcached-stats.txt"
	else
		for ((k = 1; k <= ${#NODES[@]}; k++)); do
			"${CLIENT_EXEC[@]}" redis-cli -h "${NODES[k - 1]%:*}" -p "${NODES[k - 1]##*:}" -r -1 \
				-i "$BENCH_SAMPLE_INTERVAL" INFO >"$prefix.samples$(node_tag "$k").info.txt" 2>&1 </dev/null &
			SAMPLERS+=("redis-cli$(node_tag "$k") $!")
		done
	fi
	# [1-999999] makes it a URL per scrape, --rate spaces them.
	"${CLIENT_EXEC[@]}" curl -sS --rate "$SCRAPES_PER_HOUR/h" -w '# sample end\n' \
		"$APP_URL/actuator/prometheus?includedNames=$SAMPLED_METRICS&sample=[1-999999]" \
		>"$prefix.samples.prometheus.txt" 2>&1 </dev/null &
	SAMPLERS+=("curl $!")
	echo "$EPOCHREALTIME" >"$prefix.samples.start"
}

# sample_memcached HOST:PORT FILE: `stats` every BENCH_SAMPLE_INTERVAL seconds into FILE, each reply after a
# "time=<epoch seconds>" line. One curl holds the connection (telnet://) and copies the replies; a bash loop of
# builtins feeds it the requests: read -t on a pipe of which the loop holds both ends, and so never reads a byte, is
# its sleep. Bash reading the replies itself, a byte a read(2), cost 1% of a core.
sample_memcached() {
	local node=$1 file=$2 feed
	: >"$file"
	exec {feed}> >(exec "${CLIENT_EXEC[@]}" curl -sSN "telnet://$node" >>"$file" 2>&1)
	SAMPLERS+=("memcached-curl $!")
	feed_memcached "$file" >&"$feed" &
	SAMPLERS+=("memcached-feed $!")
	exec {feed}>&-
}

# feed_memcached FILE: the requests of sample_memcached on stdout, their dates into FILE, until killed.
feed_memcached() {
	local pause
	exec {pause}<> <(:)
	while :; do
		echo "time=$EPOCHREALTIME" >>"$1"
		printf 'stats\r\n'
		read -rt "$BENCH_SAMPLE_INTERVAL" -u "$pause" || true
	done
}

# stop_sampling PREFIX: ends the phase's samplers, first writing the CPU each used (user + system clock ticks,
# /proc/<pid>/stat) into PREFIX.samples.cost.txt.
stop_sampling() {
	local prefix=$1 sampler name pid ticks
	((${#SAMPLERS[@]})) || return 0
	{
		echo "clock_ticks_per_second=$(getconf CLK_TCK)"
		# Both ends as read; run-results' SamplingCost takes the difference.
		echo "started=$(cat "$prefix.samples.start")"
		echo "ended=$EPOCHREALTIME"
		for sampler in "${SAMPLERS[@]}"; do
			read -r name pid <<<"$sampler"
			ticks=$(process_ticks "$pid" 2>/dev/null) || ticks=''
			echo "$name=${ticks:-unknown}"
		done
	} >"$prefix.samples.cost.txt"
	stop_samplers
}

# stop_samplers: stops the phase's samplers, if any run; also for cleanup.
stop_samplers() {
	local sampler
	for sampler in "${SAMPLERS[@]}"; do
		kill "${sampler#* }" 2>/dev/null || true
		wait "${sampler#* }" 2>/dev/null || true
	done
	SAMPLERS=()
}
