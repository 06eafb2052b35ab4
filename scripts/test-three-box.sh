#!/usr/bin/env bash
# shellcheck disable=SC2016 # $app, $phase and $n in single quotes are jq's variables
# CI test of scripts/three-box.sh: a small run must produce bench.sh's report with traffic that crossed the
# namespaces' links, and every way out (success, failure, Ctrl-C) must leave no namespace and no process.
set -euo pipefail

# Knobs; each can be overridden from the environment. Small: this is a test of the plumbing, not a benchmark.
TEST_REQUESTS=${TEST_REQUESTS:-1000}     # per measured ab phase
TEST_CONCURRENCY=${TEST_CONCURRENCY:-10}
TEST_WARMUP=${TEST_WARMUP:-200}
TEST_LINK_RATE=${TEST_LINK_RATE:-1gbit}  # exercises the tc path; far above what this load needs
TEST_START_TIMEOUT=${TEST_START_TIMEOUT:-180} # seconds to wait for the interrupted run's app to start
TEST_EXIT_TIMEOUT=${TEST_EXIT_TIMEOUT:-90}    # seconds an interrupted run may take to clean up

usage() {
	cat <<EOF
Usage: scripts/test-three-box.sh

Runs scripts/three-box.sh at small size (TEST_REQUESTS=$TEST_REQUESTS, TEST_CONCURRENCY=$TEST_CONCURRENCY,
TEST_WARMUP=$TEST_WARMUP, THREE_BOX_LINK_RATE=$TEST_LINK_RATE) and checks its report, then that a failing and an
interrupted run remove their namespaces and processes, and that it refuses to run without root.
Needs root, iproute2, jq, and what scripts/bench.sh needs. Takes a few minutes; prints "N passed, N failed".
EOF
}
case ${1:-} in -h | --help)
	usage
	exit 0
	;;
esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
((EUID == 0)) || {
	echo "test-three-box: needs root, as scripts/three-box.sh does (network namespaces)" >&2
	exit 1
}
for tool in ip jq setpriv; do
	command -v "$tool" >/dev/null || {
		echo "test-three-box: $tool not found (Debian: apt-get install iproute2 jq util-linux)" >&2
		exit 1
	}
done

work=$(mktemp -d "${TMPDIR:-/tmp}/test-three-box.XXXXXX")
id=t$$
# shellcheck source=scripts/lib/check.sh
source "$ROOT/scripts/lib/check.sh"
trap 'if ((failed)); then echo "test-three-box: outputs kept in $work" >&2; else rm -rf "$work"; fi' EXIT


no_namespaces_left() {
	! ip netns list | grep -q "^rb3-$1-"
}

# The app and redis-server PIDs bench.sh recorded are gone.
no_processes_left() {
	local pid
	for pid in $(cat "$1"/raw/*/rep*/app.env 2>/dev/null | sed -n 's/^pid=//p') \
		$(sed -n 's/.*private redis-server .*(pid \([0-9]*\),.*/\1/p' "$1/raw/bench.log" 2>/dev/null); do
		! kill -0 "$pid" 2>/dev/null || return 1
	done
}

three_box() {
	THREE_BOX_ID=$1 THREE_BOX_LINK_RATE=$TEST_LINK_RATE "$ROOT/scripts/three-box.sh" --output "$work/$1" \
		-n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" -w "$TEST_WARMUP" -r 1 \
		--redis-bench-requests $((TEST_REQUESTS * 10)) "${@:2}"
}

# --- without root: refused, saying why ------------------------------------------------------------
# A copy anyone may run, since the checkout may sit in root's home.
chmod 755 "$work"
install -m 755 "$ROOT/scripts/three-box.sh" "$work/three-box.sh"
status=0
message=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$work/three-box.sh" 2>&1) || status=$?
check "refuses to run without root" [ "$status" -ne 0 ]
check "says that it needs root" grep -q "needs root" <<<"$message"

# --- a failing run: nothing left behind ----------------------------------------------------------
status=0
three_box "$id-fail" --no-such-option >"$work/fail.log" 2>&1 || status=$?
check "a bench.sh failure is passed on" [ "$status" -ne 0 ]
check "a failed run removes its namespaces" no_namespaces_left "$id-fail"

# --- a small run: bench.sh's report, over the links ----------------------------------------------
status=0
three_box "$id-run" >"$work/run.log" 2>&1 || status=$?
out=$work/$id-run
summary_holds() {
	jq -e "$@" "$out/summary.json" >/dev/null
}
check "the run succeeds (see $work/run.log)" [ "$status" -eq 0 ]
check "report.md is written" [ -s "$out/report.md" ]
check "summary.json is written" [ -s "$out/summary.json" ]
for app in string kryo; do
	for phase in add check; do
		check "$app $phase: valid, no failed request, a positive rate" summary_holds --arg app "$app" \
			--arg phase "$phase" '[.[] | select(.app == $app and .phase == $phase)] | length == 1 and
			 all(.valid and .failed_requests == 0 and .non_2xx == 0 and .requests_per_second > 0)'
	done
	check "$app add: all $((TEST_REQUESTS * 100)) persons in Redis" summary_holds --arg app "$app" \
		--argjson n $((TEST_REQUESTS * 100)) '[.[] | select(.app == $app and .phase == "add")][0].dbsize == $n'
done
check "bench.sh recorded the namespaces as the placement" grep -q "^placement=.*ip netns exec rb3-$id-run-app" \
	"$out/raw/env/settings.env"
# Each person stored crossed Redis's link at least once, at well over 50 bytes with its key and command.
check "the persons written crossed Redis's link" \
	[ "$(sed -n 's/^redis_rx_bytes=//p' "$out/three-box.env")" -gt $((2 * TEST_REQUESTS * 100 * 50)) ]
check "the link rate was applied" grep -qx "link_rate=$TEST_LINK_RATE" "$out/three-box.env"
check "a finished run removes its namespaces" no_namespaces_left "$id-run"
check "a finished run leaves no app or redis-server running" no_processes_left "$out"

# --- Ctrl-C while an app starts: nothing left behind ---------------------------------------------
# setsid gives the run a process group of its own to interrupt, as a terminal's Ctrl-C does.
THREE_BOX_ID=$id-int THREE_BOX_LINK_RATE=$TEST_LINK_RATE setsid "$ROOT/scripts/three-box.sh" --output "$work/$id-int" \
	-n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" -w "$TEST_WARMUP" -r 1 >"$work/int.log" 2>&1 &
run=$!
deadline=$((SECONDS + TEST_START_TIMEOUT))
until compgen -G "$work/$id-int/raw/*/rep1/app.env" >/dev/null || ((SECONDS > deadline)) || ! kill -0 "$run" 2>/dev/null; do
	sleep 0.5
done
kill -INT -- -"$run" 2>/dev/null || true
deadline=$((SECONDS + TEST_EXIT_TIMEOUT))
while kill -0 "$run" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.5; done
if kill -0 "$run" 2>/dev/null; then
	kill -KILL -- -"$run" 2>/dev/null || true
	check "an interrupted run ends within ${TEST_EXIT_TIMEOUT}s" false
fi
status=0
wait "$run" || status=$?
check "an interrupted run exits 130 (see $work/int.log)" [ "$status" -eq 130 ]
check "an interrupted run removes its namespaces" no_namespaces_left "$id-int"
check "an interrupted run leaves no app or redis-server running" no_processes_left "$work/$id-int"

check_summary
