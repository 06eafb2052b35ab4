#!/usr/bin/env bash
# End-to-end test of bench.sh's stores and Redis settings at a tiny size: the kryo app, per-key, on the
# private Redis at its defaults, with AOF everysec and with an allkeys-lru maxmemory the run overflows, and on
# a private memcached. Every run is valid (a person evicted under lru is measured, not failed), the report has
# its Redis and Memcached and Redis settings sections, memcached's bytes per person come from its slabs, and
# nothing is left running. Settings bench.sh cannot honour are refused. Needs what bench.sh needs, memcached
# and jq; about two minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
smoke_bench
check_options "$@"

work=$(mktemp -d "${TMPDIR:-/tmp}/test-bench-stores.XXXXXX")
trap 'rm -rf "$work"' EXIT
CHECK_LOG=$work/refused.log

# exits STATUS ARGS...: bench.sh with ARGS exits with STATUS.
exits() {
	exits_with "$1" scripts/bench.sh "${@:2}"
}
check "--store nosuch exits 2" exits 2 --store redis,nosuch
check "--redis-settings lru on a Redis bench.sh does not start exits 2" \
	exits 2 --redis-settings default,lru --redis-host 127.0.0.1 --allow-flush
check "--store memcached with --redis-rtt exits 2" exits 2 --store memcached --redis-rtt 1ms
refuses_rdb_rule() {
	BENCH_RDB_SAVE=often exits 2 --redis-settings rdb
}
check "BENCH_RDB_SAVE that is no save rule exits 2" refuses_rdb_rule

out=$work/run
if scripts/bench.sh --no-profile -n 200 -c 20 -w 100 -r 1 --apps kryo --store redis,memcached \
	--redis-settings default,aof-everysec,lru --noop-requests 100 --redis-bench-requests 1000 -o "$out" \
	>"$work/bench.log" 2>&1; then
	check "bench.sh on Redis (default, aof-everysec, lru) and memcached exits 0 (every run valid)" true
else
	tail -n 30 "$work/bench.log"
	check "bench.sh on Redis (default, aof-everysec, lru) and memcached exits 0 (every run valid)" false
fi
for variant in single single-aof-everysec single-lru memcached; do
	check "variant kryo-per-key-none-$variant ran" test -f "$out/raw/kryo-per-key-none-$variant/variant.env"
done
check "variant.env names its Redis settings" grep -qx 'redis_settings=lru' "$out/raw/kryo-per-key-none-single-lru/variant.env"
check "the report has a Redis and Memcached section" grep -q '^## Redis and Memcached' "$out/report.md"
check "the report has a Redis settings section" grep -q "^## What Redis's settings cost" "$out/report.md"
# summary.json: the first record of a variant's phase.
figure() {
	jq -e --arg topology "$1" --arg settings "$2" --arg phase "$3" \
		"[.[] | select(.topology == \$topology and .redis_settings == \$settings and .phase == \$phase)][0] | $4" \
		"$out/summary.json" >/dev/null
}
check "memcached /add stored all 20,000 persons, each in more bytes than its value" \
	figure memcached default add '.valid and .dbsize == 20000 and .bytes_per_person > .value_bytes'
check "memcached's time split has its I/O" figure memcached default check '.redis_ms_per_request > 0'
check "lru /add: valid, persons evicted and missing" \
	figure single lru add '.valid and .evicted_keys > 0 and .missing_persons == .evicted_keys'
check "lru /check: valid, its 404s counted as persons gone" figure single lru check '.valid and .not_found_responses > 0'
check "aof-everysec /add: valid, nothing evicted" figure single aof-everysec add '.valid and .evicted_keys == 0'
gone() {
	local pid
	pid=$(sed -n 's/.*private memcached on .* (pid \([0-9]*\),.*/\1/p' "$out/raw/bench.log")
	[[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null
}
check "the private memcached is stopped" gone
check_summary
