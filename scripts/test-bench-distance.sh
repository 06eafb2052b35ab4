#!/usr/bin/env bash
# End-to-end test of bench.sh's distance and concurrency dimensions at a tiny size: one app, per-key, Redis
# directly, behind a latency proxy adding nothing (0ms) and one adding 1 ms, ab at concurrency 1 and 5. Every
# variant is valid and kept apart (no proxy is not a proxy adding 0 ms), the report has its Distance, proxy
# cost and Concurrency sections, and 1 ms per round trip makes per-key /add slower, as 100 round trips a
# request should. Needs what bench.sh needs; a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
smoke_bench
check_options "$@"

work=$(mktemp -d "${TMPDIR:-/tmp}/test-bench-distance.XXXXXX")
trap 'rm -rf "$work"' EXIT
CHECK_LOG=$work/refused.log

# exits STATUS ARGS...: bench.sh with ARGS exits with STATUS.
exits() {
	exits_with "$1" scripts/bench.sh "${@:2}"
}
check "--redis-rtt abc exits 2" exits 2 --redis-rtt abc
check "--redis-rtt with --cluster exits 2" exits 2 --redis-rtt 1ms --cluster 3
check "--concurrency 0 exits 2" exits 2 --concurrency 1,0

out=$work/run
# 40 requests a phase: per-key at 1 ms and -c 1 answers about 8 a second (100 round trips each), so a phase takes
# 5 s, and the slowdown checked below is about 20x, far from its 5x.
if scripts/bench.sh --no-profile -n 40 -w 10 -r 1 --apps kryo --modes per-key --redis-rtt 0,0ms,1ms -c 1,5 --noop-requests 50 \
	--redis-bench-requests 1000 -o "$out" >"$work/bench.log" 2>&1; then
	check "bench.sh with three round trips and two concurrencies exits 0 (every run valid)" true
else
	tail -n 30 "$work/bench.log"
	check "bench.sh with three round trips and two concurrencies exits 0 (every run valid)" false
fi
check "six variants, named by what the run varies" test "$(find "$out/raw" -maxdepth 1 -name 'kryo-per-key-none-single*-c[15]' | wc -l)" -eq 6
check "each variant.env names its Redis round trip and concurrency" \
	grep -qx 'redis_rtt=1ms' "$out/raw/kryo-per-key-none-single-redis1ms-c5/variant.env"
check "the report has a Distance to Redis section" grep -q '^## Distance to Redis' "$out/report.md"
check "the report has a Concurrency section" grep -q '^## Concurrency' "$out/report.md"
check "the report sets the proxy adding nothing beside no proxy" grep -q '^## What the proxy itself costs' "$out/report.md"
both_kinds_of_zero() {
	jq -e '[.[] | select(.phase == "add" and .redis_rtt_ms == 0) | .redis_proxied]
		| (index(true) != null and index(false) != null)' "$out/summary.json" >/dev/null
}
check "summary.json tells a proxy adding nothing from none" both_kinds_of_zero
slower() {
	jq -e '[.[] | select(.phase == "add" and .concurrency == 1)] as $a
		| ($a | map(select(.redis_rtt_ms == 0 and (.redis_proxied | not)))[0].requests_per_second) as $near
		| ($a | map(select(.redis_rtt_ms == 1))[0].requests_per_second) as $far
		| $far < $near / 5' "$out/summary.json" >/dev/null
}
check "per-key /add at 1 ms is over 5x slower than on loopback (100 round trips a request)" slower
check_summary
