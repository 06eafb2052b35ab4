#!/usr/bin/env bash
# End-to-end test of scripts/bench.sh at a small size, for CI: both apps measured with no failed request,
# a report written, and nothing left running, after a normal end and after SIGTERM mid-run. Also checks
# that a Redis bench.sh did not start is refused without --allow-flush. Needs what bench.sh needs, and jq.
# Prints "N passed, N failed".
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TEST_REQUESTS=${TEST_REQUESTS:-2000}
TEST_CONCURRENCY=${TEST_CONCURRENCY:-50}
TEST_WARMUP=${TEST_WARMUP:-500}
TEST_TIMEOUT=${TEST_TIMEOUT:-900}   # seconds the small run may take, build included

case ${1:-} in -h | --help)
	sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
	;;
esac
command -v jq >/dev/null || { echo "test-bench: jq not found (Debian: apt-get install jq)" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-bench.XXXXXX")
BENCH_PID=
cleanup() {
	if [[ -n $BENCH_PID ]] && kill -0 "$BENCH_PID" 2>/dev/null; then
		kill -TERM "$BENCH_PID"
		wait "$BENCH_PID" || true
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT

passed=0 failed=0
check() {
	local what=$1
	shift
	if "$@"; then
		echo "ok   $what"
		passed=$((passed + 1))
	else
		echo "FAIL $what"
		failed=$((failed + 1))
	fi
}

# Every process bench.sh says it started (the private redis-server, each app's JVM) has exited.
nothing_left_running() {
	local pids pid
	pids=$(grep -ho 'pid [0-9]\+' "$1/raw/bench.log" | cut -d' ' -f2 | sort -u)
	[[ -n $pids ]] || return 1
	for pid in $pids; do
		if kill -0 "$pid" 2>/dev/null; then
			echo "     still running: $(ps -o pid=,args= -p "$pid")"
			return 1
		fi
	done
}

private_redis_dir_removed() {
	local dir
	dir=$(grep -o 'private redis-server on [^ ]* (pid [0-9]*, [^)]*)' "$1/raw/bench.log" | sed 's/.*, //; s/)$//')
	[[ -n $dir && ! -e $dir ]]
}

jq_check() {
	jq -e "$1" "$2" >/dev/null
}

# 1. The small run.
out=$WORK/run
status=0
timeout -k 30 "$TEST_TIMEOUT" "$ROOT/scripts/bench.sh" -n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" \
	--warmup "$TEST_WARMUP" --repetitions 1 --redis-bench-requests 20000 --output "$out" || status=$?
check "bench.sh exits 0 (was $status)" test "$status" -eq 0
json=$out/summary.json
check "summary.json is a JSON array" jq_check 'type == "array" and length > 0' "$json"
for app in string kryo; do
	for phase in add check noop; do
		check "$app $phase: one valid record, every request answered 2xx" jq_check \
			"[.[] | select(.app == \"$app\" and .phase == \"$phase\")] | length == 1 and all(.valid and .failed_requests == 0 and .non_2xx == 0 and .complete_requests == $TEST_REQUESTS)" "$json"
	done
	check "$app add: DBSIZE is requests x 100, bytes per person and value size measured" jq_check \
		"[.[] | select(.app == \"$app\" and .phase == \"add\")][0] | .dbsize == $((TEST_REQUESTS * 100)) and .bytes_per_person > 0 and .value_bytes > 0 and .app_cpu_ms_per_request > 0" "$json"
	check "$app: redis-benchmark SET and GET ceilings" jq_check \
		"[.[] | select(.app == \"$app\" and (.phase == \"redis-set\" or .phase == \"redis-get\")) | select(.valid and .requests_per_second > 0)] | length == 2" "$json"
done
check "summary.csv has a header and one line per record" \
	test "$(($(wc -l <"$out/summary.csv") - 1))" -eq "$(jq length "$json")"
check "report.md is not empty" test -s "$out/report.md"
check "report.md compares with the published figures" grep -q 'published Kryo' "$out/report.md"
for chart in requests-per-second bytes-per-person cpu-per-request; do
	check "$chart.png drawn" test -s "$out/$chart.png"
done
check "nothing bench.sh started is left running" nothing_left_running "$out"
check "the private Redis's folder is removed" private_redis_dir_removed "$out"

# 2. SIGTERM while the first app is under load: everything started so far is stopped.
out=$WORK/interrupted
"$ROOT/scripts/bench.sh" -n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" --warmup "$TEST_WARMUP" \
	--repetitions 1 --no-build --output "$out" >"$WORK/interrupted.log" 2>&1 &
BENCH_PID=$!
deadline=$((SECONDS + 180))
until grep -q 'warm-up add: ab' "$out/raw/bench.log" 2>/dev/null || ((SECONDS > deadline)) || ! kill -0 "$BENCH_PID"; do
	sleep 0.5
done
kill -TERM "$BENCH_PID" 2>/dev/null || true
status=0
wait "$BENCH_PID" || status=$?
BENCH_PID=
check "bench.sh stops on SIGTERM with status 143 (was $status)" test "$status" -eq 143
check "nothing bench.sh started is left running after SIGTERM" nothing_left_running "$out"
check "the private Redis's folder is removed after SIGTERM" private_redis_dir_removed "$out"

# 3. A Redis bench.sh did not start is not flushed without --allow-flush (port 1: nothing is contacted).
status=0
"$ROOT/scripts/bench.sh" --redis-host 127.0.0.1 --redis-port 1 --no-build --output "$WORK/refused" \
	>"$WORK/refused.log" 2>&1 || status=$?
check "a named Redis without --allow-flush is refused (status $status)" test "$status" -eq 1
check "the refusal says why" grep -q -- '--allow-flush' "$WORK/refused.log"

echo "$passed passed, $failed failed"
((failed == 0))
