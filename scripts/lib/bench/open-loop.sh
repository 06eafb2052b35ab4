#!/usr/bin/env bash
# Open-loop load beside ab's closed loop. ab's clients each wait for an answer before they send again, so a stall
# holds back the requests that would have queued behind it and its percentiles never see them (coordinated
# omission). Here requests arrive at a fixed rate whatever the app does (module open-loop: Gatling's open injection,
# each request timed from its intended send time into an HdrHistogram), after a variant's ab phases, on the app
# they warmed up: --rates runs a step at each rate listed, --slo searches the highest rate whose percentile stays
# under the objective with no error, BENCH_SLO_SEARCHES times a repetition. Each step starts on an empty store and
# fresh ids, like an ab phase, and writes <rep>/open-loop/rates-<n>-r<rate>.env or slo<search>-<n>-r<rate>.env
# (and its .hgrm); each search's result goes to <rep>/slo<search>.env. What a step's figures mean, whether it met
# the objective and which rate the search tries next, the open-loop jar decides (module open-loop-rules, which
# the report uses too); here processes only start and stop. --redis-stall pauses the Redis bench.sh started once
# a second during /add, ab's and the steps' alike. For bench.sh to source after measure.sh and warmup.sh;
# docs/open-loop.md tells more.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# The open-loop generator's --cpu options, set by open_loop_accounts; the loop pausing Redis now, for cleanup to
# stop.
OPEN_LOOP_CPU=() STALL_PID=''

# Whether the run has open-loop steps at all.
open_loop_wanted() {
	[[ -n $BENCH_RATES || -n $BENCH_SLO ]]
}

# record_open_loop: the open-loop settings, in raw/env/open-loop.env.
record_open_loop() {
	{
		echo "# scripts/bench.sh open-loop settings"
		echo "rates=$BENCH_RATES"
		echo "slo=$BENCH_SLO"
		echo "step_seconds=$BENCH_STEP_SECONDS"
		echo "step_lead_in_seconds=$BENCH_STEP_LEAD_IN"
		echo "slo_start=$BENCH_SLO_START"
		echo "slo_precision_percent=$BENCH_SLO_PRECISION"
		echo "slo_max=$BENCH_SLO_MAX"
		echo "slo_searches=$BENCH_SLO_SEARCHES"
		echo "path=/$BENCH_OPEN_LOOP_PATH"
		echo "java_opts=$BENCH_OPEN_LOOP_JAVA_OPTS"
		echo "redis_stall_ms=$BENCH_REDIS_STALL"
	} >"$RAW/env/open-loop.env"
}

# stall_loop MS: CLIENT PAUSE MS WRITE on every node of the current topology, once a second, until killed.
stall_loop() {
	local node
	while :; do
		for node in "${NODES[@]}"; do
			rcli_at "$node" CLIENT PAUSE "$1" WRITE >/dev/null || true
		done
		sleep 1
	done
}

# start_stall: --redis-stall's pauses from now on, where bench.sh started the Redis.
start_stall() {
	((BENCH_REDIS_STALL > 0)) && [[ $TOPOLOGY != memcached ]] && started_here || return 0
	stall_loop "$BENCH_REDIS_STALL" &
	STALL_PID=$!
}

# stop_stall: no more pauses, and none left in force.
stop_stall() {
	local node
	[[ -n $STALL_PID ]] || return 0
	stop_pid "$STALL_PID" "Redis stall loop"
	STALL_PID=
	for node in "${NODES[@]}"; do
		rcli_at "$node" CLIENT UNPAUSE >/dev/null || true
	done
}

# stalled COMMAND...: runs it between start_stall and stop_stall.
stalled() {
	local status=0
	start_stall
	"$@" || status=$?
	stop_stall
	return "$status"
}

# open_loop_accounts: the generator's --cpu options into OPEN_LOOP_CPU: the processes of the current variant that
# bench.sh started, whose CPU a request each step writes beside the generator's own (cpu_ms_per_request_<name>):
# app, the store (redis, every node of a cluster summed, or memcached) and the latency proxies (proxy). An app given
# by its URL, a Redis given by --redis-host or --cluster-nodes: no PID, no figure. The generator reads their
# /proc/PID/stat, which names the same processes as long as BENCH_CLIENT_EXEC keeps bench.sh's PID namespace (the
# network namespaces of three-box.sh do).
open_loop_accounts() {
	local pid
	OPEN_LOOP_CPU=(--clock-ticks "$(getconf CLK_TCK 2>/dev/null || echo 100)")
	[[ -z $APP_PID ]] || OPEN_LOOP_CPU+=(--cpu "app=$APP_PID")
	case $TOPOLOGY in
	single) [[ -z $REDIS_PID ]] || OPEN_LOOP_CPU+=(--cpu "redis=$REDIS_PID") ;;
	memcached) [[ -z $MEMCACHED_PID ]] || OPEN_LOOP_CPU+=(--cpu "memcached=$MEMCACHED_PID") ;;
	*)
		if [[ $OWN_CLUSTER == yes ]]; then
			for pid in "${CLUSTER_PIDS[@]}"; do
				OPEN_LOOP_CPU+=(--cpu "redis=$pid")
			done
		fi
		;;
	esac
	for pid in "$REDIS_PROXY_PID" "$APP_PROXY_PID"; do
		[[ -z $pid ]] || OPEN_LOOP_CPU+=(--cpu "proxy=$pid")
	done
}

# open_loop_step DIR NAME RATE LABEL: one step at RATE requests a second into DIR/open-loop/NAME.env, on an empty
# store and fresh ids, the JIT compiler idle; returns 1 when the generator could not run it.
open_loop_step() {
	local dir=$1 name=$2 rate=$3 label=$4 out status=0
	out=$dir/open-loop/$name.env
	mkdir -p "$dir/open-loop"
	fresh_ids "$dir" "$label"
	settle_jit "$label"
	open_loop_accounts
	log "$label: $rate requests/s on /$BENCH_OPEN_LOOP_PATH for ${BENCH_STEP_LEAD_IN}+$BENCH_STEP_SECONDS s, open loop"
	start_stall
	timeout -k 10 "$BENCH_PHASE_TIMEOUT" "${CLIENT_EXEC[@]}" java "${OPEN_LOOP_JAVA_OPTS[@]}" \
		-jar "$(jar_of open-loop)" "${OPEN_LOOP_CPU[@]}" "$APP_URL/$BENCH_OPEN_LOOP_PATH" "$rate" \
		"$BENCH_STEP_SECONDS" "$BENCH_STEP_LEAD_IN" "$out" >"${out%.env}.log" 2>&1 &
	CLIENT_PID=$!
	wait "$CLIENT_PID" || status=$?
	CLIENT_PID=
	stop_stall
	if ((status != 0)) || [[ ! -s $out ]]; then
		log "$label: the open-loop generator failed (exit $status); see ${out%.env}.log"
		return 1
	fi
	log "$label: $(open_loop_rules describe "$out")"
}

# open_loop_rules ARGS...: the open-loop jar's describe or slo (RulesCommand); a JVM of a fraction of a second.
open_loop_rules() {
	java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$(jar_of open-loop)" "$@"
}

# ab_rate DIR: the requests a second ab's /add phase of this repetition achieved, rounded; nothing without one.
ab_rate() {
	awk '/^Requests per second:/ { printf "%.0f", $4 }' "$1/add.ab.txt" 2>/dev/null
}

# open_loop_rates DIR LABEL: a step at each rate of --rates.
open_loop_rates() {
	local dir=$1 label=$2 rate n=0
	for rate in "${RATES[@]}"; do
		n=$((n + 1))
		if [[ $rate == ab ]]; then
			rate=$(ab_rate "$dir")
			[[ -n $rate && $rate != 0 ]] || { log "$label: no ab rate of /add to run at"; continue; }
		fi
		open_loop_step "$dir" "$(printf 'rates-%02d-r%s' "$n" "$rate")" "$rate" "$label rate $rate/s" || return 0
	done
}

# open_loop_slo DIR LABEL SEARCH: the highest rate meeting --slo, into DIR/slo<SEARCH>.env: the jar's SloSearch
# names each step's rate from the steps so far (doubling from BENCH_SLO_START, then halving the gap between the
# highest rate met and the lowest missed down to BENCH_SLO_PRECISION %, up to BENCH_SLO_MAX) and writes the result
# once the search is over. A search the generator could not finish has no result.
open_loop_slo() {
	local dir=$1 label=$2 search=$3 n=0 name next steps=()
	while :; do
		next=$(open_loop_rules slo "$BENCH_SLO" "$BENCH_SLO_START" "$BENCH_SLO_MAX" "$BENCH_SLO_PRECISION" \
			"$dir/slo$search.env" "${steps[@]}") || { log "$label: search $search: no next rate, no result"; return 0; }
		[[ $next =~ ^[0-9]+$ ]] || break
		n=$((n + 1))
		name=$(printf 'slo%d-%02d-r%s' "$search" "$n" "$next")
		if ! open_loop_step "$dir" "$name" "$next" "$label $BENCH_SLO search $search step $n: $next/s"; then
			log "$label: search $search: stopped at step $n, without a result"
			return 0
		fi
		steps+=("$dir/open-loop/$name.env")
	done
	log "$label: search $search: $next"
}

# open_loop_variant DIR LABEL: the open-loop steps of one repetition, on its warmed-up app.
open_loop_variant() {
	local search
	open_loop_wanted || return 0
	if ! app_alive; then
		log "$2: open-loop steps skipped: the app exited; see $1/app.log"
		return 0
	fi
	[[ -z $BENCH_RATES ]] || open_loop_rates "$@"
	[[ -n $BENCH_SLO ]] || return 0
	for ((search = 1; search <= BENCH_SLO_SEARCHES; search++)); do
		open_loop_slo "$@" "$search"
	done
}
