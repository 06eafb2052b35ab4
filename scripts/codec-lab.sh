#!/usr/bin/env bash
# The codec lab (docs/codec-lab.md): for every codec x compression, JMH's encode and decode+verify
# ns/op and bytes allocated per op, then value sizes and Redis bytes per key on a redis-server of its own,
# then results/<timestamp>/codecs.md with codecs.csv, codecs.json and charts. Run with --help.

set -euo pipefail

# Settings. Each can be set in the environment; the command-line options override them. The defaults are
# a full run: about 30 minutes on a quiet 2-core machine with ten codecs (200 JMH benchmarks of ~8 s).
CODEC_LAB_FORKS=${CODEC_LAB_FORKS:-1}                          # JMH forks per benchmark
CODEC_LAB_WARMUP_ITERATIONS=${CODEC_LAB_WARMUP_ITERATIONS:-2}  # per fork
CODEC_LAB_WARMUP_TIME=${CODEC_LAB_WARMUP_TIME:-1s}
CODEC_LAB_ITERATIONS=${CODEC_LAB_ITERATIONS:-5}                # measurement iterations per fork
CODEC_LAB_ITERATION_TIME=${CODEC_LAB_ITERATION_TIME:-1s}
CODEC_LAB_JVM_ARGS=${CODEC_LAB_JVM_ARGS:-}                     # more JVM arguments for every fork
CODEC_LAB_CODECS=${CODEC_LAB_CODECS:-all}
CODEC_LAB_COMPRESSIONS=${CODEC_LAB_COMPRESSIONS:-all}
CODEC_LAB_PERSONS=${CODEC_LAB_PERSONS:-10000}                  # persons whose value sizes are taken
CODEC_LAB_KEYS=${CODEC_LAB_KEYS:-100000}                       # keys SET per configuration, 0 for none
CODEC_LAB_SMOKE=${CODEC_LAB_SMOKE:-no}
CODEC_LAB_OUTPUT=${CODEC_LAB_OUTPUT:-}                         # default: results/<timestamp>
CODEC_LAB_BUILD=${CODEC_LAB_BUILD:-auto}                       # auto: when the jar is missing or stale; always; never
CODEC_LAB_STEP_TIMEOUT=${CODEC_LAB_STEP_TIMEOUT:-7200}         # seconds the build, JMH, sizes or report may take
CODEC_LAB_STOP_TIMEOUT=${CODEC_LAB_STOP_TIMEOUT:-30}           # seconds a stopped step may take before SIGKILL

# What --smoke sets, whatever else was given: the run's shape in a few minutes. JMH runs in its own JVM
# (forks 0), since 200 forks would take half an hour; one measurement each gives no confidence interval,
# and so no verdict.
readonly SMOKE_SETTINGS=(
	CODEC_LAB_FORKS=0 CODEC_LAB_WARMUP_ITERATIONS=0 CODEC_LAB_ITERATIONS=1 CODEC_LAB_ITERATION_TIME=100ms
	CODEC_LAB_PERSONS=1000 CODEC_LAB_KEYS=2000
)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"
JAR=$(jar_of codec-lab)
readonly JAR

# The lab's steps besides JMH (jvm-flags, available, sizes, report); once JVM_FLAGS are known, LAB runs them
# with those, and so does JMH, whose forks inherit its JVM's flags.
JVM_FLAGS=()
LAB=(java -cp "$JAR" org.redisbench.lab.Main)
JMH_COMMAND="not run"
STEP_PID=

usage() {
	vocabulary
	cat <<EOF
Usage: scripts/codec-lab.sh [options]

Measures every codec x compression: JMH's encode and decode+verify ns/op and bytes allocated per op (a
person, a batch of $BATCH_SIZE), value sizes and Redis bytes per key; writes results/<timestamp>/codecs.md
and more (docs/codec-lab.md). Environment variable in brackets, its value after it.

JMH:
  -f, --forks N              forks per benchmark           [CODEC_LAB_FORKS=$CODEC_LAB_FORKS]
      --warmup-iterations N  warm-up iterations per fork   [CODEC_LAB_WARMUP_ITERATIONS=$CODEC_LAB_WARMUP_ITERATIONS]
      --warmup-time TIME     each, e.g. 1s or 500ms        [CODEC_LAB_WARMUP_TIME=$CODEC_LAB_WARMUP_TIME]
  -i, --iterations N         measurement iterations per fork; an interval needs 3 in all
                                                           [CODEC_LAB_ITERATIONS=$CODEC_LAB_ITERATIONS]
      --iteration-time TIME  each                          [CODEC_LAB_ITERATION_TIME=$CODEC_LAB_ITERATION_TIME]
      --jvm-args ARGS        more JVM arguments per fork   [CODEC_LAB_JVM_ARGS=$CODEC_LAB_JVM_ARGS]

Configurations:
      --codecs LIST          codec ids, comma-separated, or all [CODEC_LAB_CODECS=$CODEC_LAB_CODECS]
      --compression LIST     $(IFS=,; echo "${KNOWN_COMPRESSIONS[*]}"), or all [CODEC_LAB_COMPRESSIONS=$CODEC_LAB_COMPRESSIONS]

Sizes:
      --persons N            persons sized for mean, p50, p99 [CODEC_LAB_PERSONS=$CODEC_LAB_PERSONS]
      --keys N               keys SET per configuration, 0 for none [CODEC_LAB_KEYS=$CODEC_LAB_KEYS]

Run:
      --smoke                the whole run in minutes, figures meaningless [CODEC_LAB_SMOKE=$CODEC_LAB_SMOKE]; sets
$(fold -s -w 72 <<<"${SMOKE_SETTINGS[*]}" | sed 's/ *$//; s/^/                             /')
  -o, --output DIR           output folder                 [CODEC_LAB_OUTPUT=${CODEC_LAB_OUTPUT:-results/<timestamp>}]
      --build | --no-build   always / never build the jar  [CODEC_LAB_BUILD=$CODEC_LAB_BUILD: when missing or stale]
      --step-timeout N       seconds for the build, JMH, sizes or report [CODEC_LAB_STEP_TIMEOUT=$CODEC_LAB_STEP_TIMEOUT]
      --stop-timeout N       seconds a stopped step gets before SIGKILL [CODEC_LAB_STOP_TIMEOUT=$CODEC_LAB_STOP_TIMEOUT]
  -h, --help                 this text

Exit status: 0 done, 1 error, 2 bad option or setting, 130 Ctrl-C, 143 SIGTERM. Needs a JDK 17+ and redis-server.
EOF
}

parse_options() {
	while (($#)); do
		case $1 in
		-f | --forks) CODEC_LAB_FORKS=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-iterations) CODEC_LAB_WARMUP_ITERATIONS=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-time) CODEC_LAB_WARMUP_TIME=$(option_value "$1" "${2:-}"); shift ;;
		-i | --iterations) CODEC_LAB_ITERATIONS=$(option_value "$1" "${2:-}"); shift ;;
		--iteration-time) CODEC_LAB_ITERATION_TIME=$(option_value "$1" "${2:-}"); shift ;;
		--jvm-args) CODEC_LAB_JVM_ARGS=$(option_value "$1" "${2:-}"); shift ;;
		--codecs) CODEC_LAB_CODECS=$(option_value "$1" "${2:-}"); shift ;;
		--compression) CODEC_LAB_COMPRESSIONS=$(option_value "$1" "${2:-}"); shift ;;
		--compressions) renamed_option --compressions --compression ;;
		--persons) CODEC_LAB_PERSONS=$(option_value "$1" "${2:-}"); shift ;;
		--keys) CODEC_LAB_KEYS=$(option_value "$1" "${2:-}"); shift ;;
		--smoke) CODEC_LAB_SMOKE=yes ;;
		-o | --output) CODEC_LAB_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		--build) CODEC_LAB_BUILD=always ;;
		--no-build) CODEC_LAB_BUILD=never ;;
		--step-timeout) CODEC_LAB_STEP_TIMEOUT=$(option_value "$1" "${2:-}"); shift ;;
		--stop-timeout) CODEC_LAB_STOP_TIMEOUT=$(option_value "$1" "${2:-}"); shift ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	require_choice CODEC_LAB_SMOKE yes no
	if [[ $CODEC_LAB_SMOKE == yes ]]; then
		local smoke
		for smoke in "${SMOKE_SETTINGS[@]}"; do
			printf -v "${smoke%%=*}" '%s' "${smoke#*=}"
		done
	fi
}

check_settings() {
	local name
	for name in CODEC_LAB_FORKS CODEC_LAB_WARMUP_ITERATIONS CODEC_LAB_PERSONS CODEC_LAB_KEYS CODEC_LAB_STEP_TIMEOUT \
		CODEC_LAB_STOP_TIMEOUT; do
		require_count "$name"
	done
	require_count CODEC_LAB_ITERATIONS 1
	for name in CODEC_LAB_WARMUP_TIME CODEC_LAB_ITERATION_TIME; do
		[[ ${!name} =~ ^[1-9][0-9]*(ms|s)$ ]] || refuse "$name is a whole number of ms or s, was '${!name}'"
	done
	require_choice CODEC_LAB_BUILD auto always never
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server'
}

# --- steps -----------------------------------------------------------------------------------------

# run_step NAME LOG FILTER COMMAND...: runs a step with its output in LOG, showing the lines that match
# FILTER as they come; fails the run when the step fails.
run_step() {
	local name=$1 log_file=$2 filter=$3 status=0
	shift 3
	log "$name; log in $log_file"
	: >"$log_file" # before tail opens it
	timeout -k 10 "$CODEC_LAB_STEP_TIMEOUT" "$@" >"$log_file" 2>&1 &
	STEP_PID=$!
	tail -n +1 -f --pid="$STEP_PID" "$log_file" | grep --line-buffered -E "$filter" >&2 || true
	wait "$STEP_PID" || status=$?
	STEP_PID=
	((status == 0)) || die "$name failed (exit $status); see $log_file"
}

# JMH over the available codecs: an unavailable one would only fail its set-up.
run_jmh() {
	local available=$1 args
	if [[ -z $available ]]; then
		log "no available codec among $CODEC_LAB_CODECS: JMH skipped"
		echo '[]' >"$RAW/jmh.json"
		return 0
	fi
	args=(-p "codec=$available" -f "$CODEC_LAB_FORKS" -wi "$CODEC_LAB_WARMUP_ITERATIONS" -w "$CODEC_LAB_WARMUP_TIME"
		-i "$CODEC_LAB_ITERATIONS" -r "$CODEC_LAB_ITERATION_TIME" -prof gc -rf json -rff "$RAW/jmh.json")
	[[ $CODEC_LAB_COMPRESSIONS == all ]] || args+=(-p "compression=$CODEC_LAB_COMPRESSIONS")
	[[ -z $CODEC_LAB_JVM_ARGS ]] || args+=(-jvmArgsAppend "$CODEC_LAB_JVM_ARGS")
	JMH_COMMAND="java ${JVM_FLAGS[*]} -jar codec-lab/target/codec-lab.jar CodecBenchmark ${args[*]}"
	run_step "JMH" "$RAW/jmh.log" '^# (Run progress|Parameters)|^Iteration|Exception|Error' \
		java "${JVM_FLAGS[@]}" -jar "$JAR" CodecBenchmark "${args[@]}"
}

record_run() {
	{
		echo "date=$(date -Is)"
		echo "commit=$(git -C "$ROOT" describe --always --dirty=' with uncommitted changes' 2>/dev/null || echo unknown)"
		echo "host=$(uname -n)"
		echo "cpu=$(grep -m1 '^model name' /proc/cpuinfo | sed 's/^[^:]*: *//')"
		echo "cores=$(nproc)"
		echo "memory=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
		echo "kernel=$(uname -sr)"
		echo "load=$(cut -d' ' -f1-3 /proc/loadavg)"
		echo "command=$COMMAND"
		echo "jmh_command=$JMH_COMMAND"
		echo "persons=$CODEC_LAB_PERSONS"
		echo "keys=$CODEC_LAB_KEYS"
	} >"$RAW/run.env"
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$?
	trap - EXIT INT TERM
	# timeout passes the TERM on to the step; the size step's JVM then stops its redis-server
	stop_process "$STEP_PID" "$CODEC_LAB_STOP_TIMEOUT" || log "a step (pid $STEP_PID) needed SIGKILL"
	exit "$status"
}

main() {
	COMMAND="scripts/codec-lab.sh $*"
	vocabulary
	parse_options "$@"
	check_settings
	OUT=$(results_dir "$CODEC_LAB_OUTPUT") || die "no output folder"
	RAW=$OUT/raw
	SCRIPT_LOG=$RAW/codec-lab.log
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	log "output: $OUT"
	build_jars "$CODEC_LAB_BUILD" "$CODEC_LAB_STEP_TIMEOUT" "$RAW/build.log" codec-lab
	local flags available configurations=(--codecs "$CODEC_LAB_CODECS" --compression "$CODEC_LAB_COMPRESSIONS")
	flags=$("${LAB[@]}" jvm-flags --codecs "$CODEC_LAB_CODECS") || refuse "see the line above"
	read -ra JVM_FLAGS <<<"$flags"
	LAB=(java "${JVM_FLAGS[@]}" -cp "$JAR" org.redisbench.lab.Main)
	available=$("${LAB[@]}" available "${configurations[@]}") || refuse "see the line above"
	run_jmh "$available"
	record_run
	run_step "value sizes and Redis bytes per key" "$RAW/sizes.log" '.' \
		"${LAB[@]}" sizes "${configurations[@]}" --persons "$CODEC_LAB_PERSONS" --keys "$CODEC_LAB_KEYS" --out "$RAW/sizes.json"
	run_step "report" "$RAW/report.log" '.' \
		"${LAB[@]}" report "${configurations[@]}" --jmh "$RAW/jmh.json" --sizes "$RAW/sizes.json" --run "$RAW/run.env" --out "$OUT"
	log "report: $OUT/codecs.md, and in a browser $OUT/report.html"
	results_index "$OUT" "$JAR"
}

main "$@"
