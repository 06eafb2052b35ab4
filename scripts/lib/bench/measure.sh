#!/usr/bin/env bash
# What bench.sh measures and how: ab on the app, the Redis, process and Prometheus snapshots around each ab
# phase, the value sizes written, and redis-benchmark's ceiling. Only raw outputs are written here; their
# layout is what run-results' RunResults reads. For bench.sh to source after redis.sh and app.sh.

# The load client running now, and the display of its progress, for cleanup to stop.
CLIENT_PID='' PROGRESS_PID=''

# run_ab OUT REQUESTS PATH LABEL: one ab load on the app into OUT, showing ab's progress lines; returns
# ab's exit status, which also goes to OUT's .exit file.
run_ab() {
	local out=$1 requests=$2 path=$3 label=$4 status=0
	local args=(-n "$requests" -c "$CONCURRENCY" -s "$BENCH_AB_TIMEOUT")
	[[ $BENCH_KEEPALIVE == yes ]] && args+=(-k)
	log "$label: ab ${args[*]} $APP_URL$path"
	timeout -k 10 "$BENCH_PHASE_TIMEOUT" "${CLIENT_EXEC[@]}" ab "${args[@]}" "$APP_URL$path" >"$out" 2>&1 &
	CLIENT_PID=$!
	tail -n +1 -f --pid="$CLIENT_PID" "$out" 2>/dev/null |
		sed -un "s|^Completed \([0-9]*\) requests|[$SCRIPT_NAME]   $label: \1/$requests requests done|p; s|^\(apr_.*\)|[$SCRIPT_NAME]   $label: ab: \1|p" >&2 &
	PROGRESS_PID=$!
	wait "$CLIENT_PID" || status=$?
	CLIENT_PID=
	wait "$PROGRESS_PID" 2>/dev/null || true
	PROGRESS_PID=
	echo "$status" >"${out%.txt}.exit"
	if grep -q 'Cannot assign requested address' "$out"; then
		log "$label: ab ran out of local ports (EADDRNOTAVAIL): closed connections linger in TIME_WAIT." \
			"Use --keep-alive, fewer requests, or a wider net.ipv4.ip_local_port_range / net.ipv4.tcp_tw_reuse=1."
	elif ((status != 0)); then
		log "$label: ab failed (exit $status): $(grep -m1 -E '^apr_|^ab:|Benchmarking.*\.\.\.' "$out" || tail -n 1 "$out")"
	else
		log "$label: $(grep -E '^(Requests per second|Failed requests|Non-2xx responses):' "$out" | tr -s ' ' | paste -sd ';' -)"
	fi
	return "$status"
}

# settle_evictions LABEL: waits, at most 10 s, until no Redis node is above its maxmemory. Redis 7 evicts in a
# time-bounded loop and goes on in the background after the write that overflowed it, so an INFO (evicted_keys)
# and a DBSIZE read a moment later could disagree on how many persons went (test-bench-stores saw it once).
settle_evictions() {
	local k deadline=$((SECONDS + 10))
	[[ $TOPOLOGY != memcached ]] || return 0
	for ((k = 1; k <= ${#NODES[@]}; k++)); do
		until rcli_at "${NODES[k - 1]}" INFO stats | grep -q '^current_eviction_exceeded_time:0'; do
			((SECONDS < deadline)) || { log "$1: Redis still evicting after 10 s; snapshot taken anyway"; return 0; }
			sleep 0.1
		done
	done
}

# info_and_clients NODE PREFIX: INFO into PREFIX.info.txt and CLIENT LIST into PREFIX.clients.txt, both in one
# MULTI, so that nothing runs between them: the report takes the clients' buffers (each client's tot-mem) out of
# used_memory as they were at that instant. INFO's own mem_clients_normal lags: Redis 7.0 updates a client's share
# of it only when its cron visits that client, about once a second, while used_memory moves at once. The apps'
# pools PING every idle connection every 5 s, and Redis gives each PINGed connection a 16 kB query buffer and
# frees it after 2 s of idleness: read within a second of such a PING, used_memory less mem_clients_normal
# counted up to 3.7 MB of 200 connections' buffers as data, 18 bytes a person of a --quick run. Where CLIENT LIST
# is refused (an ACL), PREFIX.clients.txt stays empty and the report falls back to mem_clients_normal.
# redis-cli prints MULTI's OK and the QUEUED replies before INFO's first line "# Server", and INFO's CRLF lines
# apart from CLIENT LIST's "id=..." lines.
info_and_clients() {
	local node=$1 prefix=$2
	: >"$prefix.info.txt"
	: >"$prefix.clients.txt"
	printf 'MULTI\nINFO\nCLIENT LIST\nEXEC\n' | rcli_at "$node" 2>/dev/null |
		awk -v info="$prefix.info.txt" -v clients="$prefix.clients.txt" '
			!started { sub(/^(OK|QUEUED)+/, ""); if (!/^# /) next; started = 1 }
			/^id=[0-9]+ / { print >clients; next }
			{ print >info }' || true
	if ! grep -q '^used_memory:' "$prefix.info.txt"; then
		: >"$prefix.clients.txt"
		rcli_at "$node" INFO >"$prefix.info.txt"
	fi
}

# store_snapshot PREFIX: the store's figures at one moment (Redis INFO with its CLIENT LIST, and DBSIZE, or
# memcached's stats), into files named PREFIX.*. In hash buckets DBSIZE counts buckets: around /add, the phase whose
# figures count persons, also the HLEN of every bucket (PREFIX.hlen.txt).
store_snapshot() {
	local prefix=$1 k tag
	if [[ $TOPOLOGY == memcached ]]; then
		memcached_snapshot "$prefix"
		return 0
	fi
	for ((k = 1; k <= ${#NODES[@]}; k++)); do
		tag=$(node_tag "$k")
		info_and_clients "${NODES[k - 1]}" "$prefix$tag"
		rcli_at "${NODES[k - 1]}" DBSIZE >"$prefix$tag.dbsize.txt"
		[[ $LAYOUT != hash-bucket || ${prefix##*/} != add.* ]] || bucket_sizes "${NODES[k - 1]}" >"$prefix$tag.hlen.txt"
	done
}

# app_snapshot PREFIX: the app process's CPU and memory and its JIT compiler threads' CPU, for an app of
# bench.sh's own.
app_snapshot() {
	local prefix=$1
	[[ -n $APP_PID ]] || return 0
	cat "/proc/$APP_PID/stat" >"$prefix.proc-stat.txt"
	cat "/proc/$APP_PID/status" >"$prefix.proc-status.txt"
	jit_thread_stats "$APP_PID" >"$prefix.proc-jit.txt"
}

# metrics_snapshot PREFIX: the app's Prometheus metrics. Only the time split between codec and Redis depends on
# them: a failed scrape costs that, not the run.
metrics_snapshot() {
	local prefix=$1 error
	if ! error=$(client curl -fsS -m 10 "$APP_URL/actuator/prometheus" 2>&1 >"$prefix.prometheus.txt"); then
		: >"$prefix.prometheus.txt"
		log "${prefix##*/}: GET $APP_URL/actuator/prometheus failed: ${error:-no answer}"
	fi
}

# fresh_ids DIR LABEL: an empty store and the app's ids back at 1, so that the next /add writes person_1 on.
fresh_ids() {
	flushall
	if app_alive; then
		client curl -fsS -m 10 "$APP_URL/reset" >"$1/reset.txt" || die "$2: GET /reset failed"
	fi
}

# measure DIR PHASE REQUESTS LABEL: one measured ab phase on /PHASE, sampled over time (sampling.sh), between
# snapshots of the store, the app and its metrics. The app's CPU is read last before ab and first after it,
# once its JIT compiler has finished what came before: the scrape is a request of its own, and what it makes
# hot would be compiled on the phase's bill.
measure() {
	local dir=$1 phase=$2 requests=$3 label=$4 status=0
	if ! app_alive; then
		log "$label: skipped: the app exited; see $dir/app.log"
		echo "skipped: the app had exited" >"$dir/$phase.skipped"
		return 1
	fi
	store_snapshot "$dir/$phase.before"
	metrics_snapshot "$dir/$phase.before"
	settle_jit "$label"
	app_snapshot "$dir/$phase.before"
	start_sampling "$dir/$phase"
	run_ab "$dir/$phase.ab.txt" "$requests" "/$phase" "$label" || status=$?
	stop_sampling "$dir/$phase"
	app_snapshot "$dir/$phase.after"
	settle_evictions "$label"
	store_snapshot "$dir/$phase.after"
	metrics_snapshot "$dir/$phase.after"
	return "$status"
}

# sample_value_sizes DIR: the sizes of values spread evenly over persons 1 .. <written> (persons_after_add,
# value_size_commands). On a cluster, redis-cli -c follows each MOVED to the key's master (also for commands read
# from stdin) and says so on stdout: those lines go.
sample_value_sizes() {
	local dir=$1 written=0 persons k
	if [[ $TOPOLOGY == memcached ]]; then
		memcached_value_sizes "$dir"
		return 0
	fi
	for ((k = 1; k <= ${#NODES[@]}; k++)); do
		persons=$(persons_after_add "$dir" "$k" 2>/dev/null) || true
		is_count "$persons" || { written=0; break; }
		written=$((written + persons))
	done
	if ((written == 0)); then
		: >"$dir/add.after.strlen.txt"
		return 0
	fi
	value_size_commands "$written" | rcli_at "${NODES[0]}" -c | sed '/^-> Redirected to slot/d' \
		>"$dir/add.after.strlen.txt"
}

# redis_benchmark DIR LABEL: SET and GET at the mean value size the app wrote (also in hash buckets: a string
# ceiling at the size of a person), on the current topology.
redis_benchmark() {
	local dir=$1 label=$2 size status=0 cluster=()
	[[ $TOPOLOGY != memcached ]] || return 0
	if [[ -n $REDIS_PASSWORD ]]; then
		log "$label: redis-benchmark skipped: it takes a password only on its command line"
		return 0
	fi
	size=$(java -cp "$(jar_of bench-run)" org.redisbench.benchrun.ValueSizes "$dir/add.after.strlen.txt") ||
		die "$label: bench-run's ValueSizes failed"
	[[ -n $size ]] || { log "$label: redis-benchmark skipped: no value size measured"; return 0; }
	printf 'requests=%s\nclients=%s\nvalue_bytes=%s\n' "$BENCH_REDIS_BENCH_REQUESTS" "$CONCURRENCY" "$size" \
		>"$dir/redis-benchmark.args"
	[[ $TOPOLOGY != cluster* ]] || cluster=(--cluster)
	log "$label: redis-benchmark ${cluster[*]:+--cluster }SET,GET -d $size -c $CONCURRENCY -n $BENCH_REDIS_BENCH_REQUESTS"
	timeout -k 10 "$BENCH_PHASE_TIMEOUT" "${CLIENT_EXEC[@]}" redis-benchmark "${cluster[@]}" -h "${NODES[0]%:*}" \
		-p "${NODES[0]##*:}" -t set,get -d "$size" -c "$CONCURRENCY" -n "$BENCH_REDIS_BENCH_REQUESTS" --csv \
		>"$dir/redis-benchmark.csv" 2>&1 &
	CLIENT_PID=$!
	wait "$CLIENT_PID" || status=$?
	CLIENT_PID=
	echo "$status" >"$dir/redis-benchmark.exit"
	# --cluster first lists the masters it found; the CSV, as from a single Redis, starts at its header.
	if ((${#cluster[@]})) && grep -q '^"' "$dir/redis-benchmark.csv"; then
		sed -n '/^"/,$!p' "$dir/redis-benchmark.csv" >"$dir/redis-benchmark.masters.txt"
		sed -i -n '/^"/,$p' "$dir/redis-benchmark.csv"
	fi
	log "$label: redis-benchmark $(tail -n +2 "$dir/redis-benchmark.csv" | cut -d, -f1,2 | tr -d '"' | paste -sd ' ' -) ops/s"
}
