#!/usr/bin/env bash
# CI: the latency proxy's scripts end to end at a small size: the proxy's command line, its start and stop
# through scripts/lib/latency-proxy.sh, and a smoke of scripts/roundtrip-experiment.sh at two round trips.
# The proxy's own behaviour (bytes, half-close, reset, delay), its options and garbled raw figures are tested by the
# latency-proxy module's tests.
# shellcheck disable=SC2016 # single-quoted programs (bash -c, awk) take their values as arguments
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/latency-proxy.sh
source scripts/lib/latency-proxy.sh

work=$(mktemp -d -t test-latency-proxy-XXXXXX)
trap 'latency_proxy_stop "$LATENCY_PROXY_PID" || true; rm -rf "$work"' EXIT

check "the jar builds" latency_proxy_build "$work/build.log"
check "--help names the network options" bash -c 'scripts/latency-proxy.sh --help | grep -q -- "--jitter"'
check "a bad option is a usage error (2)" bash -c 'java -jar "$0" --listen 127.0.0.1:0 --target 127.0.0.1:1 --delay 5 >/dev/null 2>&1; (($? == 2))' "$LATENCY_PROXY_JAR"
check "the jar reads a round trip in µs as the proxy does" test "$(latency_proxy_micros 0.45ms)" = 450
check "roundtrip-experiment.sh refuses a bad round trip (2)" bash -c 'scripts/roundtrip-experiment.sh --rtt 5 >/dev/null 2>&1; (($? == 2))'

# A proxy in front of a port where nothing listens: it starts, says where it listens, and stops on SIGTERM.
check "a proxy starts and prints its port" latency_proxy_start 127.0.0.1:1 0.2ms "$work/proxy.log"
pid=$LATENCY_PROXY_PID
check "it stops on SIGTERM without a SIGKILL" latency_proxy_stop "$pid"
check "and logs what it carried" grep -q 'stopped after 0 connections' "$work/proxy.log"

scripts/roundtrip-experiment.sh -n 2000 --rtt 0,0.45ms -o "$work/roundtrip" >"$work/roundtrip.out" 2>&1 ||
	{ cat "$work/roundtrip.out"; check "roundtrip-experiment.sh ran" false; }
report=$work/roundtrip/roundtrip.md
for rtt in '0 (loopback)' 0.45ms; do
	for op in SET GET DEL; do
		for mode in one-by-one pipelined; do
			check "roundtrip.md has $op $mode at RTT $rtt" grep -q "^| $rtt | $op | $mode | [0-9.]* |" "$report"
		done
	done
done
check "roundtrip.md prints the published figures" grep -q '| SET | 452.7 s | 6.15 s | 73.6× |' "$report"
check "roundtrip.md prints SET's extra time at 0.45ms" grep -Eq '^\| 0.45ms \| \+[0-9.]+ \| \+[0-9.]+ \| \+450.0 \| (yes|no) ' "$report"
check "one-by-one at 0.45ms took at least the round trip" \
	awk -F'\t' '$1 == "SET" && $2 == "one-by-one" { ok = ($4 / $3 >= 0.00045) } END { exit !ok }' "$work/roundtrip/raw/roundtrip-rtt-0.45ms.tsv"
mapfile -t pids < <(grep -o '(pid [0-9]*' "$work/roundtrip.out" | tr -dc '0-9\n')
check "it named the redis-server and the proxy it started" test "${#pids[@]}" -eq 2
check "both are gone" bash -c 'for pid; do ! kill -0 "$pid" 2>/dev/null || exit 1; done' _ "${pids[@]}"
sed -n '/^## Emulated distance/,$p' "$report"

SELF_TEST_RTTS=0.45ms SELF_TEST_PINGS=200 scripts/latency-proxy.sh --self-test --pin -n 2000 --rounds 1 \
	>"$work/self-test.out" 2>&1 || { cat "$work/self-test.out"; check "the self-test ran pinned" false; }
check "--pin put redis-server on CPU 0" grep -q 'redis-server (pid [0-9]*) pinned to CPU 0$' "$work/self-test.out"
check "--pin put the proxy on CPU 1" grep -q 'proxy (pid [0-9]*) pinned to CPU 1$' "$work/self-test.out"
check "the pinned self-test printed both shares at -P 1" \
	bash -c 'grep -Ec "^-P 1 +(SET|GET) +[0-9]+ +[0-9]+ +[0-9.]+%" "$0" | grep -qx 2' "$work/self-test.out"
check "and the round trip it added at 0.45ms" grep -Eq '^0\.45ms +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3} +-?[0-9]+\.[0-9]{3} +[-+][0-9.]+%$' "$work/self-test.out"
check_summary
