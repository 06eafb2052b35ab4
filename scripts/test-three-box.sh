#!/usr/bin/env bash
# shellcheck disable=SC2016 # $app, $phase and $n in single quotes are jq's variables
# CI test of scripts/three-box.sh: a small run must produce bench.sh's report with traffic that crossed the
# namespaces' links, and every way out (success, failure, Ctrl-C) must leave no namespace and no process.
#
# Usage: scripts/test-three-box.sh (no options)
# Runs scripts/three-box.sh at small size (TEST_REQUESTS, TEST_CONCURRENCY, TEST_WARMUP, TEST_APPS,
# THREE_BOX_LINK_RATE=TEST_LINK_RATE, THREE_BOX_REDIS_RTT=0,TEST_REDIS_RTT: the knobs below) as if user TEST_UID had
# run it with sudo, and checks its report, that the app reached Redis through the latency proxy in the Redis box,
# that Redis, the proxy and the apps ran as that user and the results are theirs, then that a failing and an
# interrupted run remove their namespaces and processes, that it refuses to run without root, and that it refuses a
# checkout TEST_UID cannot read. A copy of the checkout in a folder only root may enter stands for a private home
# folder; the runs start from a copy of that in TMPDIR, so the test passes wherever the checkout lives. Needs root,
# iproute2, jq, util-linux, and what scripts/bench.sh needs. Takes a few minutes; prints "N passed, N failed".
set -euo pipefail

# Knobs; each can be overridden from the environment. Small: this is a test of the plumbing, not a benchmark.
# Per measured ab phase: at 1 ms per round trip a per-key request takes 100 of them, so 400 requests at -c 10
# take 5 s a phase, and still carry 2 MB of persons across Redis's link for the checks on bytes below.
TEST_REQUESTS=${TEST_REQUESTS:-400}
TEST_CONCURRENCY=${TEST_CONCURRENCY:-10}
TEST_WARMUP=${TEST_WARMUP:-200}
# The boxes' plumbing is the same for every app: one app halves the small run (both took 134 s of CI in all).
TEST_APPS=${TEST_APPS:-kryo}
TEST_LINK_RATE=${TEST_LINK_RATE:-1gbit}  # exercises the tc path; far above what this load needs
TEST_REDIS_RTT=${TEST_REDIS_RTT:-1ms}    # the small run's second round trip, through the Redis box's proxy
TEST_START_TIMEOUT=${TEST_START_TIMEOUT:-180} # seconds to wait for the interrupted run's app to start
TEST_EXIT_TIMEOUT=${TEST_EXIT_TIMEOUT:-90}    # seconds an interrupted run may take to clean up
TEST_UID=${TEST_UID:-$(id -u nobody)}         # the user the runs pretend ran sudo

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/check.sh
source "$ROOT/scripts/lib/check.sh"
check_options "$@"
((EUID == 0)) || {
	echo "test-three-box: needs root, as scripts/three-box.sh does (network namespaces)" >&2
	exit 1
}
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# Profiled phases only show that async-profiler attaches inside the app's namespace; no check reads them.
export BENCH_PROFILE_REQUESTS=${BENCH_PROFILE_REQUESTS:-100}
smoke_bench
require_commands 'ip:Debian iproute2' 'jq:Debian jq' 'setpriv:Debian util-linux'
gid=$(id -g "$TEST_UID") || die "TEST_UID $TEST_UID is no user here"
as_user() {
	setpriv --reuid="$TEST_UID" --regid="$gid" --clear-groups "$@"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/test-three-box.XXXXXX")
id=t$$
trap 'if ((failed)); then echo "test-three-box: outputs kept in $work" >&2; else rm -rf "$work"; fi' EXIT
# The user writes the runs' results into work, and reads the checkout copied there.
chmod 755 "$work"
install -d -o "$TEST_UID" -g "$gid" "$work/out"
# bench.sh runs as the user, who may not write the jars: they are built here, as root, when stale (the launcher,
# which reads bench.sh's options and writes the report, among them), and the runs take them as they are (--no-build).
build_jars auto 1800 "$work/build.log" launcher string kryo bench-run latency-proxy

# copy_checkout FROM TO: the project's files and the built jars and profiler that bench.sh runs, without the
# git history, results or build leftovers; times kept, so that the jars are as fresh against their sources.
copy_checkout() {
	mkdir -p "$2"
	tar -C "$1" --exclude=./.git --exclude=./results --exclude='./*/target' -cf - . | tar -C "$2" -xf -
	(cd "$1" && tar -cf - ./*/target/*.jar ./bench-run/target/async-profiler-*) | tar -C "$2" -xf -
}
# The test must not depend on where the checkout lives: a clone in a home folder only its owner may enter
# (mode 0700, the default on many distributions) is what the runs start from, as the user's own checkout
# would be. three-box.sh refuses such a checkout for a real run (checked below); the runs here use a copy of it
# in work, which TEST_UID can read, as a user who hit that refusal would do.
install -d -m 700 "$work/private"
copy_checkout "$ROOT" "$work/private/checkout"
copy_checkout "$work/private/checkout" "$work/checkout"
chmod -R a+rX "$work/checkout"
PRIVATE=$work/private/checkout
ROOT=$work/checkout
as_user test -r "$ROOT/scripts/bench.sh" || die "user $TEST_UID cannot read $ROOT: TMPDIR must be readable by them"

no_namespaces_left() {
	! ip netns list | grep -q "^rb3-$1-"
}
# The PIDs of the latency proxies in front of Redis that bench.sh logged in run folder $1.
proxy_pids() {
	sed -n 's/.*Redis behind the latency proxy: .*, pid \([0-9]*\))$/\1/p' "$1/raw/bench.log" 2>/dev/null
}
# bytes_to_redis LOG: what the proxy of LOG carried to Redis, as it said when stopped; 0 if it did not.
bytes_to_redis() {
	sed -n 's/.* connections, \([0-9]*\) bytes to the target.*/\1/p' "$1" 2>/dev/null | grep . || echo 0
}
# The app, redis-server and proxy PIDs bench.sh recorded are gone.
no_processes_left() {
	local pid
	for pid in $(cat "$1"/raw/*/rep*/app.env 2>/dev/null | sed -n 's/^pid=//p') $(proxy_pids "$1") \
		$(sed -n 's/.*private redis-server .*(pid \([0-9]*\),.*/\1/p' "$1/raw/bench.log" 2>/dev/null); do
		! kill -0 "$pid" 2>/dev/null || return 1
	done
}

# three_box ID [bench.sh option...]: a small run into work/out/ID, as if TEST_UID had run it with sudo.
three_box() {
	SUDO_UID=$TEST_UID SUDO_GID=$gid THREE_BOX_ID=$1 THREE_BOX_LINK_RATE=$TEST_LINK_RATE "$ROOT/scripts/three-box.sh" \
		--output "$work/out/$1" --no-build -n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" -w "$TEST_WARMUP" -r 1 \
		--redis-bench-requests $((TEST_REQUESTS * 10)) "${@:2}"
}

# Every process in the namespace runs as TEST_UID and holds no capability.
runs_as_user() {
	local pid pids
	mapfile -t pids < <(ip netns pids "$1")
	((${#pids[@]})) || return 1
	for pid in "${pids[@]}"; do
		[[ $(awk '/^Uid:/ { uid = $2 } /^CapEff:/ { caps = $2 } END { print uid, caps }' "/proc/$pid/status") == \
			"$TEST_UID 0000000000000000" ]] || return 1
	done
}

# Every file and folder under $1 belongs to TEST_UID.
owned_by_user() {
	[[ -z $(find "$1" ! -uid "$TEST_UID" -print -quit) ]]
}

# --- without root: refused, saying why ------------------------------------------------------------
status=0
message=$(as_user "$ROOT/scripts/three-box.sh" 2>&1) || status=$?
check "refuses to run without root" [ "$status" -eq 1 ]
check "says that it needs root" grep -q "needs root" <<<"$message"

# --- a checkout the user cannot read: refused, naming the problem, before any namespace ------------
status=0
SUDO_UID=$TEST_UID SUDO_GID=$gid THREE_BOX_ID=$id-private "$PRIVATE/scripts/three-box.sh" --output "$work/out/$id-private" \
	>"$work/private.log" 2>&1 || status=$?
check "a checkout user $TEST_UID cannot read is refused (1, was $status)" [ "$status" -eq 1 ]
check "saying which user cannot read which folder" \
	grep -qF "error: user $TEST_UID cannot read $PRIVATE: put the checkout where they can" "$work/private.log"
check "and makes no namespace" no_namespaces_left "$id-private"

# --- a bad setting: refused before anything is made -----------------------------------------------
status=0
THREE_BOX_ID=$id-bad THREE_BOX_APP_ADDR=8.8.8.8 "$ROOT/scripts/three-box.sh" >"$work/bad.log" 2>&1 || status=$?
check "a public address is a bad setting (2)" [ "$status" -eq 2 ]
check "and makes no namespace" no_namespaces_left "$id-bad"

# --- a failing run as root: bench.sh's status passed on, nothing left behind ---------------------
status=0
env -u SUDO_UID -u SUDO_GID THREE_BOX_ID="$id-fail" "$ROOT/scripts/three-box.sh" --output "$work/$id-fail" \
	--no-such-option >"$work/fail.log" 2>&1 || status=$?
check "without SUDO_UID it says it stays root" grep -q "run as root" "$work/fail.log"
bench_status=0
"$ROOT/scripts/bench.sh" --no-such-option >/dev/null 2>&1 || bench_status=$?
check "bench.sh's refusal of a bad option ($bench_status) is passed on" [ "$status" -eq "$bench_status" -a "$status" -ne 0 ]
check "a failed run removes its namespaces" no_namespaces_left "$id-fail"

# --- a small run: bench.sh's report, over the links, at no added round trip and through the proxy ----
status=0
THREE_BOX_REDIS_RTT=0,$TEST_REDIS_RTT three_box "$id-run" --apps "$TEST_APPS" >"$work/run.log" 2>&1 || status=$?
out=$work/out/$id-run
summary_holds() {
	jq -e "$@" "$out/summary.json" >/dev/null
}
check "the run succeeds (see $work/run.log)" [ "$status" -eq 0 ]
check "report.md is written" [ -s "$out/report.md" ]
check "summary.json is written" [ -s "$out/summary.json" ]
IFS=, read -ra apps <<<"$TEST_APPS"
# The round trip in ms as the proxy reads it, and the persons a request writes, as the run recorded them.
rtt_ms=$(awk -v us="$(java -jar "$(jar_of latency-proxy)" micros "$TEST_REDIS_RTT")" 'BEGIN { print us / 1000 }')
BATCH_SIZE=$(sed -n 's/^batch_size=//p' "$out/raw/env/settings.env")
for app in "${apps[@]}"; do
	for rtt in 0 "$rtt_ms"; do
		for phase in add check; do
			check "$app $phase at $rtt ms: valid, no failed request, a positive rate" summary_holds --arg app "$app" \
				--arg phase "$phase" --argjson rtt "$rtt" '[.[] | select(.app == $app and .phase == $phase and
				 .redis_rtt_ms == $rtt)] | length == 1 and
				 all(.valid and .failed_requests == 0 and .non_2xx == 0 and .requests_per_second > 0)'
		done
		check "$app add at $rtt ms: all $((TEST_REQUESTS * BATCH_SIZE)) persons in Redis" summary_holds --arg app "$app" \
			--argjson rtt "$rtt" --argjson n $((TEST_REQUESTS * BATCH_SIZE)) \
			'[.[] | select(.app == $app and .phase == "add" and .redis_rtt_ms == $rtt)][0].dbsize == $n'
	done
	# Per key, an /add waits for a round trip per person: the median cannot be shorter than all of them.
	check "$app add at $rtt_ms ms: median request at least $BATCH_SIZE round trips long" summary_holds \
		--arg app "$app" --argjson rtt "$rtt_ms" --argjson n "$BATCH_SIZE" \
		'[.[] | select(.app == $app and .phase == "add" and .redis_rtt_ms == $rtt)][0].p50_ms >= $n * $rtt'
	proxy_log=$(compgen -G "$out/raw/$app-*-redis$TEST_REDIS_RTT/rep1/redis-proxy.log" || echo missing)
	check "$app at $TEST_REDIS_RTT: the proxy listened on the Redis box's address" \
		grep -q "^listening on $(sed -n 's/^redis_address=//p' "$out/three-box.env"):" "$proxy_log"
	check "$app at $TEST_REDIS_RTT: the persons written went through the proxy" \
		[ "$(bytes_to_redis "$proxy_log")" -gt $((TEST_REQUESTS * BATCH_SIZE * 50)) ]
done
check "three-box.env records the round trips" grep -qx "redis_rtts=0,$TEST_REDIS_RTT" "$out/three-box.env"
check "bench.sh recorded the namespaces as the placement" grep -q "^placement=.*nsenter --net=/run/netns/rb3-$id-run-app" \
	"$out/raw/env/settings.env"
# Each person stored crossed Redis's link at least once, at well over 50 bytes with its key and command.
check "the persons written crossed Redis's link" \
	[ "$(sed -n 's/^redis_rx_bytes=//p' "$out/three-box.env")" -gt $((2 * TEST_REQUESTS * BATCH_SIZE * 50)) ]
check "the link rate was applied" grep -qx "link_rate=$TEST_LINK_RATE" "$out/three-box.env"
check "every result file belongs to user $TEST_UID" owned_by_user "$out"
for app in "${apps[@]}"; do
	check "the $app app's JVM ran as $(id -nu "$TEST_UID")" \
		grep -q "started by $(id -nu "$TEST_UID") in" "$out"/raw/"$app"-*/rep1/app.log
done
check "a finished run removes its namespaces" no_namespaces_left "$id-run"
check "a finished run leaves no app or redis-server running" no_processes_left "$out"

# --- Ctrl-C while an app starts: nothing left behind ---------------------------------------------
# setsid gives the run a process group of its own to interrupt, as a terminal's Ctrl-C does.
SUDO_UID=$TEST_UID SUDO_GID=$gid THREE_BOX_ID=$id-int THREE_BOX_LINK_RATE=$TEST_LINK_RATE \
	THREE_BOX_REDIS_RTT=$TEST_REDIS_RTT setsid \
	"$ROOT/scripts/three-box.sh" --output "$work/out/$id-int" --no-build -n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" \
	-w "$TEST_WARMUP" -r 1 >"$work/int.log" 2>&1 &
run=$!
deadline=$((SECONDS + TEST_START_TIMEOUT))
until compgen -G "$work/out/$id-int/raw/*/rep1/app.env" >/dev/null || ((SECONDS > deadline)) || ! kill -0 "$run" 2>/dev/null; do
	sleep 0.5
done
check "redis-server and the proxy run as user $TEST_UID, without capabilities" runs_as_user "rb3-$id-int-redis"
proxy=$(proxy_pids "$work/out/$id-int")
check "the proxy in front of Redis runs in the Redis box" grep -qx "${proxy:-none}" <(ip netns pids "rb3-$id-int-redis")
check "the app's JVM runs as user $TEST_UID, without capabilities" runs_as_user "rb3-$id-int-app"
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
check "an interrupted run leaves no app or redis-server running" no_processes_left "$work/out/$id-int"

check_summary
