#!/usr/bin/env bash
# The codec lab (README "The codec lab"): for every codec x compression, JMH's encode and decode+verify
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
readonly ROOT JAR=$ROOT/codec-lab/target/codec-lab.jar
readonly JAR_SOURCES=("$ROOT/pom.xml" "$ROOT/common" "$ROOT/codecs" "$ROOT/codec-lab")
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"

# The lab's steps besides JMH (jvm-flags, available, sizes, report); once JVM_FLAGS are known, LAB runs them
# with those, and so does JMH, whose forks inherit its JVM's flags.
JVM_FLAGS=()
LAB=(java -cp "$JAR" org.redisbench.lab.Main)
JMH_COMMAND="not run"
STEP_PID=
RAW=

usage() {
	cat <<EOF
Usage: scripts/codec-lab.sh [options]

Measures every codec x compression the apps could store a person with, and writes results/<timestamp>/
codecs.md (one row per configuration; verdicts only where the 99.9% confidence intervals do not
overlap), codecs.csv, codecs.json, PNG charts and, in raw/, JMH's JSON and every log:
  1. JMH (codec-lab/target/codec-lab.jar, CodecBenchmark): encode, and decode then md5 check, of one
     person and of a batch of 100, in ns/op, and bytes allocated per op (gc profiler);
  2. value bytes mean, p50 and p99 over persons, and Redis bytes per key: SETs on a redis-server the
     run starts on a free port, growth of used_memory less client buffers, per key.

JMH (environment variable in brackets, default after it):
  -f, --forks N               forks per benchmark             [CODEC_LAB_FORKS=$CODEC_LAB_FORKS]
      --warmup-iterations N   warm-up iterations per fork     [CODEC_LAB_WARMUP_ITERATIONS=$CODEC_LAB_WARMUP_ITERATIONS]
      --warmup-time TIME      each, e.g. 1s or 500ms          [CODEC_LAB_WARMUP_TIME=$CODEC_LAB_WARMUP_TIME]
  -i, --iterations N          measurement iterations per fork; an interval needs 3 or more in all
                                                              [CODEC_LAB_ITERATIONS=$CODEC_LAB_ITERATIONS]
      --iteration-time TIME   each                            [CODEC_LAB_ITERATION_TIME=$CODEC_LAB_ITERATION_TIME]
      --jvm-args ARGS         more JVM arguments for every fork, e.g. -Xmx1g [CODEC_LAB_JVM_ARGS]

Configurations:
      --codecs LIST           codec ids, comma-separated, or all; an unavailable one keeps its rows,
                              saying why                      [CODEC_LAB_CODECS=$CODEC_LAB_CODECS]
      --compressions LIST     none, gzip, lz4, zstd, zstd-dict, or all [CODEC_LAB_COMPRESSIONS=$CODEC_LAB_COMPRESSIONS]

Sizes:
      --persons N             persons whose value sizes give mean, p50, p99 [CODEC_LAB_PERSONS=$CODEC_LAB_PERSONS]
      --keys N                keys SET per configuration for Redis bytes per key, 0 for none
                                                              [CODEC_LAB_KEYS=$CODEC_LAB_KEYS]

Run:
      --smoke                 sets ${SMOKE_SETTINGS[*]}:
                              the whole run in a few minutes, figures meaningless
  -o, --output DIR            output folder                   [CODEC_LAB_OUTPUT=results/<timestamp>]
      --build | --no-build    always / never build the jar    [CODEC_LAB_BUILD=$CODEC_LAB_BUILD: when missing or stale]
      --step-timeout N        seconds the build, JMH, sizes or report may take [CODEC_LAB_STEP_TIMEOUT=$CODEC_LAB_STEP_TIMEOUT]
      --stop-timeout N        seconds a stopped step may take before SIGKILL [CODEC_LAB_STOP_TIMEOUT=$CODEC_LAB_STOP_TIMEOUT]
  -h, --help                  this text

Exit status: 0 done, 1 error, 2 usage error, 130 Ctrl-C, 143 SIGTERM. Needs a JDK 17+ and redis-server.
EOF
}

log() {
	local line
	printf -v line '[codec-lab %(%H:%M:%S)T] %s' -1 "$*"
	printf '%s\n' "$line" >&2
	[[ -z $RAW || ! -d $RAW ]] || printf '%s\n' "$line" >>"$RAW/codec-lab.log"
}

die() {
	log "error: $*"
	exit 1
}

refuse() {
	log "error: $* (see --help)"
	exit 2
}

parse_options() {
	while (($#)); do
		case $1 in
		-f | --forks) CODEC_LAB_FORKS=${2:?$1 needs a value}; shift ;;
		--warmup-iterations) CODEC_LAB_WARMUP_ITERATIONS=${2:?$1 needs a value}; shift ;;
		--warmup-time) CODEC_LAB_WARMUP_TIME=${2:?$1 needs a value}; shift ;;
		-i | --iterations) CODEC_LAB_ITERATIONS=${2:?$1 needs a value}; shift ;;
		--iteration-time) CODEC_LAB_ITERATION_TIME=${2:?$1 needs a value}; shift ;;
		--jvm-args) CODEC_LAB_JVM_ARGS=${2:?$1 needs a value}; shift ;;
		--codecs) CODEC_LAB_CODECS=${2:?$1 needs a value}; shift ;;
		--compressions) CODEC_LAB_COMPRESSIONS=${2:?$1 needs a value}; shift ;;
		--persons) CODEC_LAB_PERSONS=${2:?$1 needs a value}; shift ;;
		--keys) CODEC_LAB_KEYS=${2:?$1 needs a value}; shift ;;
		--smoke) CODEC_LAB_SMOKE=yes ;;
		-o | --output) CODEC_LAB_OUTPUT=${2:?$1 needs a value}; shift ;;
		--build) CODEC_LAB_BUILD=always ;;
		--no-build) CODEC_LAB_BUILD=never ;;
		--step-timeout) CODEC_LAB_STEP_TIMEOUT=${2:?$1 needs a value}; shift ;;
		--stop-timeout) CODEC_LAB_STOP_TIMEOUT=${2:?$1 needs a value}; shift ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	if [[ $CODEC_LAB_SMOKE == yes ]]; then
		local smoke
		for smoke in "${SMOKE_SETTINGS[@]}"; do
			printf -v "${smoke%%=*}" '%s' "${smoke#*=}"
		done
	fi
}

check_settings() {
	local name time
	for name in CODEC_LAB_FORKS CODEC_LAB_WARMUP_ITERATIONS CODEC_LAB_ITERATIONS CODEC_LAB_PERSONS CODEC_LAB_KEYS \
		CODEC_LAB_STEP_TIMEOUT CODEC_LAB_STOP_TIMEOUT; do
		[[ ${!name} =~ ^[0-9]+$ ]] || refuse "$name must be a whole number, was '${!name}'"
	done
	for time in "$CODEC_LAB_WARMUP_TIME" "$CODEC_LAB_ITERATION_TIME"; do
		[[ $time =~ ^[1-9][0-9]*(ms|s)$ ]] || refuse "an iteration time is a whole number of ms or s, was '$time'"
	done
	((CODEC_LAB_ITERATIONS > 0)) || refuse "CODEC_LAB_ITERATIONS must be at least 1"
	[[ $CODEC_LAB_BUILD =~ ^(auto|always|never)$ ]] || refuse "CODEC_LAB_BUILD is auto, always or never"
	local tool
	for tool in java redis-server; do
		command -v "$tool" >/dev/null || die "needs $tool (a JDK 17+, Debian's redis-server)"
	done
}

# --- build -----------------------------------------------------------------------------------------

jar_is_stale() {
	[[ ! -f $JAR ]] ||
		[[ -n $(find "${JAR_SOURCES[@]}" -path '*/target' -prune -o -type f -newer "$JAR" -print -quit) ]]
}

build_if_needed() {
	if [[ $CODEC_LAB_BUILD == never ]]; then
		[[ -f $JAR ]] || die "$JAR is missing (--no-build)"
		! jar_is_stale || log "warning: not building, though $JAR is older than its sources"
		return 0
	fi
	[[ $CODEC_LAB_BUILD == always ]] || jar_is_stale || return 0
	log "building $JAR; log in $RAW/build.log"
	(cd "$ROOT" && timeout -k 10 "$CODEC_LAB_STEP_TIMEOUT" ./mvnw -B -pl codec-lab -am -DskipTests package) \
		>"$RAW/build.log" 2>&1 || die "build failed; see $RAW/build.log"
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
	parse_options "$@"
	check_settings
	OUT=$(results_dir "$CODEC_LAB_OUTPUT") || die "no output folder"
	RAW=$OUT/raw
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	log "output: $OUT"
	build_if_needed
	local flags available configurations=(--codecs "$CODEC_LAB_CODECS" --compressions "$CODEC_LAB_COMPRESSIONS")
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
	log "report: $OUT/codecs.md"
}

main "$@"
