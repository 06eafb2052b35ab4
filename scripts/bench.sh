#!/usr/bin/env bash
# Runs the published string-vs-Kryo experiment (docs/published-experiment.md) unattended and writes its report.
#
# A run is a matrix of variants: app x mode (per-key|pipeline) x compression x layout x topology (the single
# Redis and, with --cluster N, also an N-master local Redis Cluster). For each repetition, each variant in turn
# runs alone against a clean Redis: start its app, warm it up (rounds of ab /add, /check and /noop, thrown
# away, until its JIT compiler is quiet), measure the ab ceiling on /noop, FLUSHALL, GET /reset, ab /add, read
# the Redis figures, ab /check, stop it, then redis-benchmark SET/GET at the value size the app wrote. Only
# raw outputs are captured here; the report module turns them into summary.csv/json, report.md and charts. The
# parts, by topic, are in scripts/lib/bench/: settings.sh (defaults, checks, variants, placement), redis.sh,
# app.sh, measure.sh, warmup.sh, record.sh, distance.sh, stores.sh, layout.sh, profile.sh, sampling.sh, cache.sh.
# open-loop.sh adds --rates and --slo: open-loop steps after each variant's ab phases (docs/open-loop.md).
# Run with --help for the options; docs/bench.md "Running bench.sh" tells more.

set -euo pipefail

SCRIPT_NAME=bench
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/needs.sh
source "$ROOT/scripts/lib/needs.sh"
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"
# shellcheck source=scripts/lib/jit.sh
source "$ROOT/scripts/lib/jit.sh"
# shellcheck source=scripts/lib/bench/settings.sh
source "$ROOT/scripts/lib/bench/settings.sh"
# shellcheck source=scripts/lib/bench/redis.sh
source "$ROOT/scripts/lib/bench/redis.sh"
# shellcheck source=scripts/lib/bench/app.sh
source "$ROOT/scripts/lib/bench/app.sh"
# shellcheck source=scripts/lib/bench/measure.sh
source "$ROOT/scripts/lib/bench/measure.sh"
# shellcheck source=scripts/lib/bench/record.sh
source "$ROOT/scripts/lib/bench/record.sh"
# shellcheck source=scripts/lib/bench/distance.sh
source "$ROOT/scripts/lib/bench/distance.sh"
# shellcheck source=scripts/lib/bench/stores.sh
source "$ROOT/scripts/lib/bench/stores.sh"
# shellcheck source=scripts/lib/bench/layout.sh
source "$ROOT/scripts/lib/bench/layout.sh"
# shellcheck source=scripts/lib/bench/warmup.sh
source "$ROOT/scripts/lib/bench/warmup.sh"
# shellcheck source=scripts/lib/bench/profile.sh
source "$ROOT/scripts/lib/bench/profile.sh"
# shellcheck source=scripts/lib/bench/open-loop.sh
source "$ROOT/scripts/lib/bench/open-loop.sh"
# shellcheck source=scripts/lib/bench/sampling.sh
source "$ROOT/scripts/lib/bench/sampling.sh"
# shellcheck source=scripts/lib/bench/cache.sh
source "$ROOT/scripts/lib/bench/cache.sh"

# The run's folder and its raw/ subfolder, once made.
OUT='' RAW=''
# yes: install what the machine lacks (scripts/lib/needs.sh) when root; --no-install: name it and exit 2.
INSTALL=yes
# yes: --quick, whose end says what a full run adds.
QUICK=no

usage() {
	vocabulary
	cat <<EOF
Usage: scripts/bench.sh [options]

Runs the published experiment for each app and writes results/<timestamp>/: raw outputs, summary.csv,
summary.json, report.md and charts. The defaults reproduce the published run. Environment variable in
brackets, its value after it; docs/bench.md "Running bench.sh" tells more.

First look:
      --quick               a first answer in a few minutes: both apps, per-key and pipeline, -n 2000 -c 200,
                            warm-up at most 3 rounds and 20 s, 1 repetition, no profiling; options after it
                            change it (a full run is the published procedure: -n 150000, 3 repetitions)
      --cache-scenario      the published cache: string app, none,gzip,zstd-dict, Redis lru (maxmemory well
                            under what /add writes, allkeys-lru), --ttl 300s-600s, -n 30000 (3 M persons),
                            1 repetition, no profiling; options after it change it

Load:
  -n, --requests N          requests per measured ab phase   [BENCH_REQUESTS=$BENCH_REQUESTS]
  -c, --concurrency LIST    concurrent ab requests, each     [BENCH_CONCURRENCY=$BENCH_CONCURRENCY]
  -w, --warmup N            requests per endpoint and warm-up round, 0: none [BENCH_WARMUP=$BENCH_WARMUP]
      --warmup-rounds N     at most N warm-up rounds         [BENCH_WARMUP_ROUNDS=$BENCH_WARMUP_ROUNDS]
      --warmup-jit-share PCT  a round compiling less ends it [BENCH_WARMUP_JIT_SHARE=$BENCH_WARMUP_JIT_SHARE]
      --warmup-seconds N    no round starts after N s, 0: no bound [BENCH_WARMUP_SECONDS=$BENCH_WARMUP_SECONDS]
                            seconds to wait for an idle JIT  [BENCH_JIT_IDLE_TIMEOUT=$BENCH_JIT_IDLE_TIMEOUT]
  -r, --repetitions N       repetitions of every variant     [BENCH_REPETITIONS=$BENCH_REPETITIONS]
  -k, --keep-alive          ab -k                            [BENCH_KEEPALIVE=$BENCH_KEEPALIVE]
      --noop-requests N     ab requests on /noop             [BENCH_NOOP_REQUESTS=${BENCH_NOOP_REQUESTS:-requests}]
      --redis-bench-requests N  per redis-benchmark test     [BENCH_REDIS_BENCH_REQUESTS=$BENCH_REDIS_BENCH_REQUESTS]
                            keys STRLEN-sampled for the value size [BENCH_STRLEN_SAMPLE=$BENCH_STRLEN_SAMPLE]

Matrix (each combination is a variant, raw/<app>-<mode>-<compression>[-hash-bucket]-<topology>/):
  -a, --apps LIST           $(IFS=,; echo "${APPS_KNOWN[*]}")              [BENCH_APPS=$BENCH_APPS]
      --modes LIST          $(IFS=,; echo "${MODES_KNOWN[*]}")                 [BENCH_MODES=$BENCH_MODES]
      --compression LIST    $(IFS=,; echo "${KNOWN_COMPRESSIONS[*]}") [BENCH_COMPRESSION=$BENCH_COMPRESSION]
      --layouts LIST        $(IFS=,; echo "${KNOWN_LAYOUTS[*]}")       [BENCH_LAYOUTS=$BENCH_LAYOUTS]
                            hash-bucket: hash-max-listpack-value 512, set on a Redis bench.sh starts

Over time (docs/bench.md "Over time"):
      --sample-interval S   seconds between samples of the store and the app in each phase (0.5 too), 0: none
                                                             [BENCH_SAMPLE_INTERVAL=$BENCH_SAMPLE_INTERVAL]
      --ttl TTL             the persons' time to live (the apps' bench.ttl): 300s, or 300s-600s drawn per
                            person; none by default          [BENCH_TTL=${BENCH_TTL:-}]

Open loop (after each variant's ab phases, requests arriving at a fixed rate, Gatling; docs/open-loop.md):
      --rates LIST          a step at each rate a second; ab: the rate ab's /add achieved [BENCH_RATES=$BENCH_RATES]
      --slo OBJECTIVE       the highest rate meeting it, e.g. p99=20ms (p50, p90, p99, p99.9) [BENCH_SLO=$BENCH_SLO]
      --step-seconds N      counted seconds of a step        [BENCH_STEP_SECONDS=$BENCH_STEP_SECONDS]
                            seconds before them, uncounted   [BENCH_STEP_LEAD_IN=$BENCH_STEP_LEAD_IN]
                            the search's first rate, doubled [BENCH_SLO_START=$BENCH_SLO_START]
                            it ends within this % of a rate  [BENCH_SLO_PRECISION=$BENCH_SLO_PRECISION]
                            highest rate tried               [BENCH_SLO_MAX=$BENCH_SLO_MAX]
                            searches a repetition            [BENCH_SLO_SEARCHES=$BENCH_SLO_SEARCHES]
                            the endpoint loaded              [BENCH_OPEN_LOOP_PATH=$BENCH_OPEN_LOOP_PATH]
                            the generator's JVM options      [BENCH_OPEN_LOOP_JAVA_OPTS=$BENCH_OPEN_LOOP_JAVA_OPTS]
      --redis-stall MS      CLIENT PAUSE MS WRITE once a second during /add, ab's and the steps', on a Redis
                            bench.sh starts; 0: none         [BENCH_REDIS_STALL=$BENCH_REDIS_STALL]

Distance (the latency proxy adds the round trip, beside what it stands in front of; single Redis only):
      --redis-rtt LIST      between app and Redis, e.g. 0,0.2ms,1ms [BENCH_REDIS_RTT=$BENCH_REDIS_RTT]
      --app-rtt LIST        between ab and the app           [BENCH_APP_RTT=$BENCH_APP_RTT]
                            0: no proxy; 0ms: a proxy adding nothing, its own cost

Stores (Memcached and Redis's settings: on servers bench.sh starts; single Redis and cluster alike):
      --store LIST          $(IFS=,; echo "${STORES_KNOWN[*]}")              [BENCH_STORES=$BENCH_STORES]
      --redis-settings LIST $(IFS=,; echo "${REDIS_SETTINGS_KNOWN[*]}") [BENCH_REDIS_SETTINGS=$BENCH_REDIS_SETTINGS]
                            rdb: Redis's save rule           [BENCH_RDB_SAVE=$BENCH_RDB_SAVE]
                            lru: maxmemory bytes             [BENCH_LRU_MAXMEMORY=$BENCH_LRU_MAXMEMORY: 64 bytes a person of /add]
                            private memcached: first port    [BENCH_OWN_MEMCACHED_PORT=$BENCH_OWN_MEMCACHED_PORT]
                            its -m in MB                     [BENCH_MEMCACHED_MB=$BENCH_MEMCACHED_MB: room for a phase]

Redis (default: a private redis-server; a password only from REDIS_PASSWORD, never an option):
      --redis-host HOST     a Redis of yours instead         [BENCH_REDIS_HOST=$BENCH_REDIS_HOST]
      --redis-port PORT     its port                         [BENCH_REDIS_PORT=$BENCH_REDIS_PORT]
      --allow-flush         may FLUSHALL a Redis not started here [BENCH_ALLOW_FLUSH=$BENCH_ALLOW_FLUSH]
      --cluster N           also on a local N-master cluster, N >= 3 [BENCH_CLUSTER=$BENCH_CLUSTER]
      --cluster-nodes LIST  also on this cluster of yours, host:port,... [BENCH_CLUSTER_NODES=$BENCH_CLUSTER_NODES]
                            private redis-server: first port [BENCH_OWN_REDIS_PORT=$BENCH_OWN_REDIS_PORT]
                            its address                      [BENCH_REDIS_BIND=$BENCH_REDIS_BIND]
                            more redis-server arguments      [BENCH_REDIS_ARGS=$BENCH_REDIS_ARGS]

Apps:
      --build | --no-build  always / never build the jars    [BENCH_BUILD=$BENCH_BUILD: when missing or stale]
      --app-threads N       the apps' request threads (server.tomcat.threads.max) [BENCH_APP_THREADS=$BENCH_APP_THREADS:
                            8 a core on a Redis of this machine, 200 across a --redis-rtt, --redis-host or
                            --cluster-nodes, where each thread waits out the distance]
                            JVM options of every app         [BENCH_JAVA_OPTS=$BENCH_JAVA_OPTS]
                            yes: start each app through a class-data-sharing archive, about half the
                            start-up CPU; no: java -jar, as published [APP_CLASS_SHARING=$APP_CLASS_SHARING]
                            full: both of the JVM's compilers, as published; c1: the quick
                            one only, for smoke runs (no app's figures) [APP_JIT=$APP_JIT]
                            first port tried                 [BENCH_STRING_PORT=$BENCH_STRING_PORT]
                                                             [BENCH_KRYO_PORT=$BENCH_KRYO_PORT]
                                                             [BENCH_JACKSON_PORT=$BENCH_JACKSON_PORT]
                            an app already running there     [BENCH_STRING_URL=$BENCH_STRING_URL]
                                                             [BENCH_KRYO_URL=$BENCH_KRYO_URL]
                                                             [BENCH_JACKSON_URL=$BENCH_JACKSON_URL]

Placement (a prefix must exec its command, e.g. "ip netns exec NS"):
                            prefix for redis-server          [BENCH_REDIS_EXEC=$BENCH_REDIS_EXEC]
                            prefix for java                  [BENCH_APP_EXEC=$BENCH_APP_EXEC]
                            prefix for ab, curl, redis-cli, redis-benchmark [BENCH_CLIENT_EXEC=$BENCH_CLIENT_EXEC]
                            the client reaches the app at    [BENCH_APP_HOST=$BENCH_APP_HOST]
                            the app listens on               [BENCH_APP_BIND=$BENCH_APP_BIND]
                            the app reaches Redis at         [BENCH_APP_REDIS_HOST=${BENCH_APP_REDIS_HOST:-as the client}]

Profile (after each variant's first repetition, /noop, /add and /check twice more, as they are and under
async-profiler):
      --profile | --no-profile  profile, or not                [BENCH_PROFILE=$BENCH_PROFILE]
                            requests per profiled phase      [BENCH_PROFILE_REQUESTS=${BENCH_PROFILE_REQUESTS:--n, at most 20000}]
                            the phases profiled              [BENCH_PROFILE_PHASES=$BENCH_PROFILE_PHASES]
                            event: cpu, itimer, wall         [BENCH_PROFILE_EVENT=$BENCH_PROFILE_EVENT]
                            CPU time between samples         [BENCH_PROFILE_INTERVAL=$BENCH_PROFILE_INTERVAL]

Output:
  -o, --output DIR          output folder                    [BENCH_OUTPUT=${BENCH_OUTPUT:-results/<timestamp>}]
  -h, --help                this text

Machine (scripts/lib/needs.sh: a JDK 17+, redis-server, redis-tools, ab, curl):
      --no-install          name what is missing with its apt-get line and exit 2; without it, root on Debian
                            installs it (one printed line), anyone else gets the line

Timeouts (seconds):
                            ab's wait for one response (-s)  [BENCH_AB_TIMEOUT=$BENCH_AB_TIMEOUT]
                            one ab, redis-benchmark or build [BENCH_PHASE_TIMEOUT=$BENCH_PHASE_TIMEOUT]
                            an app until it is UP            [BENCH_START_TIMEOUT=$BENCH_START_TIMEOUT]
                            a stopped process until SIGKILL  [BENCH_STOP_TIMEOUT=$BENCH_STOP_TIMEOUT]

Exit status: 0 every run valid, 3 the report lists invalid runs, 1 error, 2 bad option or setting,
130 Ctrl-C, 143 SIGTERM.
EOF
}

# quick_preset: --quick's settings; an option after it changes them.
quick_preset() {
	QUICK=yes
	BENCH_MODES=per-key,pipeline BENCH_REQUESTS=2000 BENCH_NOOP_REQUESTS=2000 BENCH_CONCURRENCY=200
	BENCH_WARMUP=1000 BENCH_WARMUP_ROUNDS=3 BENCH_WARMUP_SECONDS=20 BENCH_JIT_IDLE_TIMEOUT=3
	BENCH_REPETITIONS=1 BENCH_PROFILE=no BENCH_REDIS_BENCH_REQUESTS=20000
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --requests) BENCH_REQUESTS=$(option_value "$1" "${2:-}"); shift ;;
		-c | --concurrency) BENCH_CONCURRENCY=$(option_value "$1" "${2:-}"); shift ;;
		-w | --warmup) BENCH_WARMUP=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-rounds) BENCH_WARMUP_ROUNDS=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-jit-share) BENCH_WARMUP_JIT_SHARE=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-seconds) BENCH_WARMUP_SECONDS=$(option_value "$1" "${2:-}"); shift ;;
		--quick) quick_preset ;;
		--cache-scenario) cache_preset ;;
		--sample-interval) BENCH_SAMPLE_INTERVAL=$(option_value "$1" "${2:-}"); shift ;;
		--ttl) BENCH_TTL=$(option_value "$1" "${2:-}"); shift ;;
		--no-install) INSTALL=no ;;
		-r | --repetitions) BENCH_REPETITIONS=$(option_value "$1" "${2:-}"); shift ;;
		-k | --keep-alive) BENCH_KEEPALIVE=yes ;;
		--noop-requests) BENCH_NOOP_REQUESTS=$(option_value "$1" "${2:-}"); shift ;;
		--redis-bench-requests) BENCH_REDIS_BENCH_REQUESTS=$(option_value "$1" "${2:-}"); shift ;;
		--rates) BENCH_RATES=$(option_value "$1" "${2:-}"); shift ;;
		--slo) BENCH_SLO=$(option_value "$1" "${2:-}"); shift ;;
		--step-seconds) BENCH_STEP_SECONDS=$(option_value "$1" "${2:-}"); shift ;;
		--redis-stall) BENCH_REDIS_STALL=$(option_value "$1" "${2:-}"); shift ;;
		-a | --apps) BENCH_APPS=$(option_value "$1" "${2:-}"); shift ;;
		--modes) BENCH_MODES=$(option_value "$1" "${2:-}"); shift ;;
		--compression) BENCH_COMPRESSION=$(option_value "$1" "${2:-}"); shift ;;
		--layouts) BENCH_LAYOUTS=$(option_value "$1" "${2:-}"); shift ;;
		--store) BENCH_STORES=$(option_value "$1" "${2:-}"); shift ;;
		--redis-settings) BENCH_REDIS_SETTINGS=$(option_value "$1" "${2:-}"); shift ;;
		--redis-rtt) BENCH_REDIS_RTT=$(option_value "$1" "${2:-}"); shift ;;
		--app-rtt) BENCH_APP_RTT=$(option_value "$1" "${2:-}"); shift ;;
		--redis-host) BENCH_REDIS_HOST=$(option_value "$1" "${2:-}"); shift ;;
		--redis-port) BENCH_REDIS_PORT=$(option_value "$1" "${2:-}"); shift ;;
		--allow-flush) BENCH_ALLOW_FLUSH=yes ;;
		--cluster) BENCH_CLUSTER=$(option_value "$1" "${2:-}"); shift ;;
		--cluster-nodes) BENCH_CLUSTER_NODES=$(option_value "$1" "${2:-}"); shift ;;
		--profile) BENCH_PROFILE=yes ;;
		--no-profile) BENCH_PROFILE=no ;;
		--app-threads) BENCH_APP_THREADS=$(option_value "$1" "${2:-}"); shift ;;
		--build) BENCH_BUILD=always ;;
		--no-build) BENCH_BUILD=never ;;
		-o | --output) BENCH_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$?
	trap - EXIT INT TERM
	stop_pid "$CLIENT_PID" "load client"
	stop_pid "$PROGRESS_PID" "progress display"
	stop_stall
	stop_samplers
	stop_pid "$APP_PID" "app"
	close_distance
	close_memcached
	close_redis
	exit "$status"
}

# The program's jar (its report subcommand) and those of the apps bench.sh starts, when missing or stale (BENCH_BUILD).
build_if_needed() {
	local app parts=(launcher bench-run)
	for app in "${APPS[@]}"; do
		[[ -n $(app_url_of "$app") ]] || parts+=("$app")
	done
	! uses_proxy || parts+=(latency-proxy)
	! open_loop_wanted || parts+=(open-loop)
	build_jars "$BENCH_BUILD" "$BENCH_PHASE_TIMEOUT" "$RAW/build.log" "${parts[@]}"
}

# run_variant NUMBER REP: repetition REP of the published procedure for variant NUMBER, its app alone.
run_variant() {
	local number=$1 rep=$2 app mode compression topology redis_rtt app_rtt settings variant dir label k
	read -r app mode compression topology redis_rtt app_rtt CONCURRENCY settings LAYOUT <<<"${VARIANTS[number - 1]}"
	variant=$(variant_name "${VARIANTS[number - 1]}")
	dir=$RAW/$variant/rep$rep
	label="rep $rep/$BENCH_REPETITIONS variant $number/${#VARIANTS[@]} $variant"
	mkdir -p "$dir"
	use_topology "$topology"
	printf '%s\n' "app=$app" "mode=$mode" "compression=$compression" "topology=$topology" "masters=${#NODES[@]}" \
		"redis_rtt=$redis_rtt" "app_rtt=$app_rtt" "concurrency=$CONCURRENCY" "redis_settings=$settings" \
		"layout=$LAYOUT" >"$RAW/$variant/variant.env"
	if [[ $topology == cluster* ]]; then
		for ((k = 1; k <= ${#NODES[@]}; k++)); do
			echo "$k ${NODES[k - 1]}"
		done >"$dir/nodes.txt"
	fi
	flushall
	# A Redis bench.sh did not start keeps its own configuration (check_stores and check_layouts refuse what would
	# change it).
	[[ ${REDIS_SETTINGS[*]} == default || $topology == memcached ]] || apply_redis_settings "$settings"
	apply_layout "$RAW/$variant/variant.env"
	open_redis_distance "$redis_rtt" "$dir"
	start_app "$app" "$dir" "$mode" "$compression" "$LAYOUT"
	open_app_distance "$app_rtt" "$dir"
	warm_up "$dir" "$label"
	measure "$dir" noop "$BENCH_NOOP_REQUESTS" "$label noop" || true
	fresh_ids "$dir" "$label"
	stalled measure "$dir" add "$BENCH_REQUESTS" "$label add" || true
	sample_value_sizes "$dir"
	measure "$dir" check "$BENCH_REQUESTS" "$label check" || true
	open_loop_variant "$dir" "$label"
	((rep > 1)) || profile_variant "$dir" "$label"
	stop_app "$app"
	close_distance
	redis_benchmark "$dir" "$label"
}

# print_headline: the report's table of every variant, on the terminal, and with --quick what a full run adds.
print_headline() {
	echo
	awk '/^## / { inside = ($0 == "## Configurations compared") } inside' "$OUT/report.md"
	echo "Every figure, chart and check: $OUT/report.md"
	[[ $QUICK == yes ]] || return 0
	cat <<EOF
This was --quick: $BENCH_REQUESTS requests a phase, one repetition, a warm-up bounded at $BENCH_WARMUP_SECONDS s,
no profile. A full run (scripts/bench.sh, about an hour) is the published procedure: 150000 requests a phase
at -c 200, 3 repetitions with their spread, warm-ups until the JIT compiler is quiet, and where the app's CPU
goes, flame graphs included. Its figures are the ones to quote.
EOF
}

main() {
	parse_options "$@"
	ensure_needs bench "$INSTALL"
	vocabulary
	# The apps read it from their environment and redis-cli from REDISCLI_AUTH: no command line shows it. What the
	# user's shell had in those is not inherited (environment.sh): without REDIS_PASSWORD, neither has a password.
	if [[ -n $REDIS_PASSWORD ]]; then
		export SPRING_DATA_REDIS_PASSWORD=$REDIS_PASSWORD REDISCLI_AUTH=$REDIS_PASSWORD
	fi
	check_settings
	check_distance
	check_stores
	check_layouts
	check_warmup
	check_profile
	check_open_loop
	check_sampling
	check_ttl
	OUT=$(results_dir "$BENCH_OUTPUT") || die "cannot make the output folder ${BENCH_OUTPUT:-under results/}"
	RAW=$OUT/raw
	SCRIPT_LOG=$RAW/bench.log
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	log "output: $OUT"
	build_if_needed
	find_profiler
	open_redis
	open_memcached
	plan_variants "${#CLUSTER_MASTERS[@]}"
	record_environment
	record_sampling
	record_open_loop
	local rep number status=0
	# Repetition-major order spreads any drift of the machine over every variant alike.
	for ((rep = 1; rep <= BENCH_REPETITIONS; rep++)); do
		for ((number = 1; number <= ${#VARIANTS[@]}; number++)); do
			run_variant "$number" "$rep"
		done
	done
	record_finished
	log "writing the report"
	# The report, then the index of the runs beside it: one JVM, the program's report subcommand.
	java -jar "$(jar_of launcher)" report "$OUT" || status=$?
	((status == 0 || status == 3)) || die "report failed (exit $status)"
	log "report: $OUT/report.md, and in a browser $OUT/report.html"
	print_headline
	return "$status"
}

# On one line, so that bash has read all it will run before it runs it: editing this file mid-run is safe.
main "$@"; exit
