#!/usr/bin/env bash
# Runs the published string-vs-Kryo experiment (docs/published-experiment.md) unattended and writes its report.
#
# A run is a matrix of variants: app x mode (per-key|pipeline) x compression x layout x topology (the single
# Redis and, with --cluster N, also an N-master local Redis Cluster). For each repetition, each variant in turn
# runs alone against a clean Redis: start its app, warm it up (rounds of ab /add, /check and /noop, thrown
# away, until its JIT compiler is quiet), measure the ab ceiling on /noop, FLUSHALL, GET /reset, ab /add, read
# the Redis figures, ab /check, stop it, then redis-benchmark SET/GET at the value size the app wrote. Only
# raw outputs are captured here; the report module turns them into summary.csv/json, report.md and charts. The
# options and BENCH_* settings are read and checked by `redis-bench bench` (module bench, BenchCommand), once,
# before anything starts; the parts of the run, by topic, are in scripts/lib/bench/: settings.sh (the settings
# read back, variants, placement), redis.sh, app.sh, measure.sh, warmup.sh, record.sh, distance.sh, stores.sh,
# layout.sh, profile.sh, sampling.sh, cache.sh.
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
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
# shellcheck source=scripts/lib/bench/settings.sh
source "$ROOT/scripts/lib/bench/settings.sh"
# What the machine needs first, a JDK among them (root on Debian installs it; --no-install, the one option read
# here, only names it), then every option and setting, read and checked by Java (exit 2 for a bad one, 0 after
# --help) before the rest of the run is sourced, which places the cluster as the settings say.
ensure_needs bench "$([[ " $* " == *' --no-install '* ]] && echo no || echo yes)"
read_settings "$@"
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
	# A Redis bench.sh did not start keeps its own configuration (redis-bench bench and check_layouts refuse what
	# would change it).
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
	# The apps read it from their environment and redis-cli from REDISCLI_AUTH: no command line shows it. What the
	# user's shell had in those is not inherited (environment.sh): without REDIS_PASSWORD, neither has a password.
	if [[ -n $REDIS_PASSWORD ]]; then
		export SPRING_DATA_REDIS_PASSWORD=$REDIS_PASSWORD REDISCLI_AUTH=$REDIS_PASSWORD
	fi
	check_commands
	check_layouts
	sampling_pace
	export_ttl
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
