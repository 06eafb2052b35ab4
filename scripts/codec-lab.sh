#!/usr/bin/env bash
# The codec lab (README "The codec lab"): for every codec x compression, JMH's encode and decode+verify
# ns/op and bytes allocated per op, then value sizes and Redis bytes per key on a redis-server of its own,
# then results/<timestamp>/codecs.md with codecs.csv, codecs.json and charts. Run with --help.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
LOG_TAG=codec-lab
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/options.sh
source "$ROOT/scripts/lib/options.sh"
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"

# The defaults are a full run: about 25 minutes on a quiet 2-core machine with ten codecs (JMH takes
# ~7 s per codec x compression x operation, 200 of them).
setting "JMH"            -f,--forks            N       CODEC_LAB_FORKS              1       "JVM forks per benchmark"
setting "JMH"            --warmup-iterations   N       CODEC_LAB_WARMUP_ITERATIONS  2       "warm-up iterations per fork"
setting "JMH"            --warmup-time         TIME    CODEC_LAB_WARMUP_TIME        1s      "each warm-up iteration's time (e.g. 1s, 500ms)"
setting "JMH"            -i,--iterations       N       CODEC_LAB_ITERATIONS         5       "measurement iterations per fork (an interval needs 3+)"
setting "JMH"            --iteration-time      TIME    CODEC_LAB_ITERATION_TIME     1s      "each measurement iteration's time"
setting "JMH"            --jvm-args            ARGS    CODEC_LAB_JVM_ARGS           ""      "more JVM arguments for every fork, e.g. -Xmx1g"
setting "Configurations" --codecs              LIST    CODEC_LAB_CODECS             all     "codec ids, or all; an unavailable one gets a row saying why"
setting "Configurations" --compressions        LIST    CODEC_LAB_COMPRESSIONS       all     "none, gzip, lz4, zstd, zstd-dict, or all"
setting "Sizes"          --persons             N       CODEC_LAB_PERSONS            10000   "persons whose value sizes give mean, p50 and p99"
setting "Sizes"          --keys                N       CODEC_LAB_KEYS               100000  "keys SET per configuration for Redis bytes per key, 0 for none"
setting "Run"            --smoke               =yes    CODEC_LAB_SMOKE              no      "a quick check of the whole run (see below)"
setting "Run"            -o,--output           DIR     CODEC_LAB_OUTPUT             ""      "output folder (default: results/<timestamp>)"
setting "Run"            --build               =always CODEC_LAB_BUILD              auto    "always build the jar first"
setting "Run"            --no-build            =never  CODEC_LAB_BUILD              auto    "never build it (default: when missing or stale)"
setting "Run"            --step-timeout        N       CODEC_LAB_STEP_TIMEOUT       7200    "seconds the build, JMH, the sizes or the report may take"
setting "Run"            --stop-timeout        N       CODEC_LAB_STOP_TIMEOUT       30      "seconds a stopped process may take before SIGKILL"

# What --smoke sets, whatever else was given: the run's shape in a few minutes. One measurement each gives
# JMH no confidence interval, and so the report no verdict.
readonly SMOKE_SETTINGS=(
	CODEC_LAB_FORKS=0 CODEC_LAB_WARMUP_ITERATIONS=0 CODEC_LAB_ITERATIONS=1 CODEC_LAB_ITERATION_TIME=100ms
	CODEC_LAB_PERSONS=1000 CODEC_LAB_KEYS=2000
)
readonly JAR=$ROOT/codec-lab/target/codec-lab.jar
readonly JAR_SOURCES=("$ROOT/pom.xml" "$ROOT/common" "$ROOT/codecs" "$ROOT/codec-lab")
# The lab's steps besides JMH (jvm-flags, available, sizes, report); once JVM_FLAGS are known, LAB runs them
# with those, and so does JMH, whose forks inherit its JVM's flags.
JVM_FLAGS=()
LAB=(java -cp "$JAR" org.redisbench.lab.Main)

usage() {
	cat <<EOF
Usage: scripts/codec-lab.sh [options]

Measures every codec x compression the apps could store a person with, and writes results/<timestamp>/
codecs.md (one row per configuration; verdicts only where the 99.9% confidence intervals do not
overlap), codecs.csv, codecs.json, PNG charts and, in raw/, JMH's JSON and every log:
  1. JMH (codec-lab/target/codec-lab.jar, CodecBenchmark): encode, and decode then md5 check, of one
     person and of a batch of 100, in ns/op, and bytes allocated per op (gc profiler);
  2. value bytes mean, p50 and p99 over --persons persons, and Redis bytes per key: --keys SETs on a
     redis-server the run starts on a free port, growth of used_memory less client buffers, per key.
Each setting is an environment variable (shown with its current value) and, where listed, an option,
which wins. LIST is comma-separated.
EOF
	settings_help
	cat <<EOF

--smoke sets $(join ' ' "${SMOKE_SETTINGS[@]}"):
forks 0 runs JMH's benchmarks in its own JVM, so that 200 of them take minutes, not half an hour; only
the shape of the output means anything.

Exit status: 0 done, 1 error, 2 usage error, 130 Ctrl-C, 143 SIGTERM. Needs a JDK 17+ and redis-server.
EOF
}

check_lab_settings() {
	check_settings
	local time
	for time in "$CODEC_LAB_WARMUP_TIME" "$CODEC_LAB_ITERATION_TIME"; do
		[[ $time =~ ^[1-9][0-9]*(ms|s)$ ]] || usage_error "an iteration time is a whole number of ms or s, was '$time'"
	done
	((CODEC_LAB_ITERATIONS > 0)) || usage_error "CODEC_LAB_ITERATIONS must be at least 1"
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
	local name=$1 log_file=$2 filter=$3 pid status=0
	shift 3
	log "$name; log in $log_file"
	: >"$log_file" # before tail opens it
	timeout -k 10 "$CODEC_LAB_STEP_TIMEOUT" "$@" >"$log_file" 2>&1 &
	pid=$!
	started "$pid" "$name"
	tail -n +1 -f --pid="$pid" "$log_file" | grep --line-buffered -E "$filter" >&2 || true
	wait "$pid" || status=$?
	forget_started "$pid"
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
	stop_all_started "$CODEC_LAB_STOP_TIMEOUT"
	exit "$status"
}

main() {
	COMMAND="scripts/codec-lab.sh $*"
	parse_settings "$@"
	if [[ $CODEC_LAB_SMOKE == yes ]]; then
		local smoke
		for smoke in "${SMOKE_SETTINGS[@]}"; do
			printf -v "${smoke%%=*}" '%s' "${smoke#*=}"
		done
	fi
	check_lab_settings
	require_tools java redis-server
	local out=${CODEC_LAB_OUTPUT:-$ROOT/results/$(date +%Y%m%d-%H%M%S)}
	[[ ! -e $out/raw ]] || die "$out already holds a run; name another --output"
	mkdir -p "$out/raw"
	OUT=$(cd "$out" && pwd)
	RAW=$OUT/raw
	LOG_FILE=$RAW/codec-lab.log
	JMH_COMMAND="not run"
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	log "output: $OUT"
	build_if_needed
	local flags available configurations=(--codecs "$CODEC_LAB_CODECS" --compressions "$CODEC_LAB_COMPRESSIONS")
	flags=$("${LAB[@]}" jvm-flags --codecs "$CODEC_LAB_CODECS") || usage_error "see the line above"
	read -ra JVM_FLAGS <<<"$flags"
	LAB=(java "${JVM_FLAGS[@]}" -cp "$JAR" org.redisbench.lab.Main)
	available=$("${LAB[@]}" available "${configurations[@]}") || usage_error "see the line above"
	run_jmh "$available"
	record_run
	run_step "value sizes and Redis bytes per key" "$RAW/sizes.log" '.' \
		"${LAB[@]}" sizes "${configurations[@]}" --persons "$CODEC_LAB_PERSONS" --keys "$CODEC_LAB_KEYS" --out "$RAW/sizes.json"
	run_step "report" "$RAW/report.log" '.' \
		"${LAB[@]}" report "${configurations[@]}" --jmh "$RAW/jmh.json" --sizes "$RAW/sizes.json" --run "$RAW/run.env" --out "$OUT"
	log "report: $OUT/codecs.md"
}

main "$@"
