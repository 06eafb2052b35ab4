#!/usr/bin/env bash
# End-to-end test of scripts/fill.sh and scripts/memory-at-scale.sh at a tiny size: every person lands in
# the Redis it was pointed at, in each layout; on a redis-server of its own the fill reports the count and
# stops it; memory-at-scale.sh writes a table row. Needs a JDK and redis-server; a minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh

readonly PERSONS=250 # three hash buckets: ids 1..99, 100..199, 200..250
work=$(mktemp -d "${TMPDIR:-/tmp}/test-fill.XXXXXX")
trap 'private_redis_stop ""; rm -rf "$work"' EXIT

private_redis_start 27650 || { echo "test-fill: could not start redis-server" >&2; exit 1; }
rcli() {
	timeout 10 redis-cli -p "$PRIVATE_REDIS_PORT" "$@"
}

# --- into a Redis it did not start: every person, kept there ------------------------------------
check "fill.sh -n $PERSONS --port exits 0" scripts/fill.sh -n "$PERSONS" --port "$PRIVATE_REDIS_PORT" --connections 2 --batch 40
check "$PERSONS keys, one per person" test "$(rcli DBSIZE)" -eq "$PERSONS"
check "the last person is at person_$PERSONS" test "$(rcli EXISTS "person_$PERSONS")" -eq 1
rcli FLUSHALL >/dev/null
check "fill.sh --layout hash-bucket --compression zstd-dict exits 0" \
	scripts/fill.sh -n "$PERSONS" --port "$PRIVATE_REDIS_PORT" --layout hash-bucket --compression zstd-dict
check "three buckets" test "$(rcli DBSIZE)" -eq 3
check "$PERSONS fields in them" test $(($(rcli HLEN 'persons:{0}') + $(rcli HLEN 'persons:{1}') + $(rcli HLEN 'persons:{2}'))) -eq "$PERSONS"

# --- on a redis-server of its own: the count reported, the server gone --------------------------
scripts/fill.sh -n "$PERSONS" --codec fastjson2 --compare-pipe >"$work/own.out" 2>&1 ||
	{ cat "$work/own.out"; check "fill.sh on its own Redis exits 0" false; }
check "it reports $PERSONS keys after the fill and after redis-cli --pipe" \
	test "$(grep -cx "keys: $PERSONS" "$work/own.out")" -eq 2
check "it timed redis-cli --pipe" grep -q "^redis-cli --pipe: $PERSONS persons in" "$work/own.out"
own_redis=$(sed -n 's/.*redis-server of our own on .* (pid \([0-9]*\))$/\1/p' "$work/own.out")
gone() {
	[[ -n $1 ]] && ! kill -0 "$1" 2>/dev/null
}
check "it named its redis-server ($own_redis), which is gone" gone "$own_redis"

# --- --verify: every person through the app's /check ---------------------------------------------
if scripts/fill.sh -n 300 --codec fastjson2 --layout hash-bucket --verify >"$work/verify.out" 2>&1; then
	check "fill.sh --verify /checked all 300 persons through the string app" \
		grep -q '^verified: all 300 persons read and intact through the string app' "$work/verify.out"
else
	cat "$work/verify.out"
	check "fill.sh --verify exits 0" false
fi
check "--verify of 250 persons (not whole /check batches) exits 2" exits_with 2 scripts/fill.sh -n 250 --verify
check "--verify of a codec no app stores exits 2" exits_with 2 scripts/fill.sh -n 300 --codec msgpack --verify

# --- memory-at-scale.sh: a row per combination ---------------------------------------------------
# A sweep of connection counts: a fill per count on its own Redis, and a row each with a rate and both sides' CPU.
if scripts/fill.sh -n "$PERSONS" --connections 1,2 >"$work/sweep.out" 2>&1; then
	sweep_rows() {
		awk '/^connections  persons\/s/ { table = 1; next } table && $1 ~ /^[0-9]+$/ && $2 > 0 && NF == 7 { print $1 }' \
			"$work/sweep.out" | paste -sd, -
	}
	check "fill.sh --connections 1,2 prints a row per count, each with persons/s and CPU" test "$(sweep_rows)" = 1,2
	check "and leaves the last fill's $PERSONS keys" grep -qx "keys: $PERSONS" "$work/sweep.out"
else
	cat "$work/sweep.out"
	check "fill.sh --connections 1,2 exits 0" false
fi
check "--connections 2,2 exits 2" exits_saying 2 "given twice" scripts/fill.sh --connections 2,2
check "--connections 0 exits 2" exits_with 2 scripts/fill.sh --connections 0
check "a sweep on a Redis not our own (--port) exits 2" exits_saying 2 "without --port" \
	scripts/fill.sh --connections 1,2 --port "$PRIVATE_REDIS_PORT"

scripts/memory-at-scale.sh -n "$PERSONS" --codecs kryo --compressions none,lz4 --layouts string-per-key \
	-o "$work/memory.md" >"$work/memory.out" 2>&1 || { cat "$work/memory.out"; check "memory-at-scale.sh exits 0" false; }
for compression in none lz4; do
	check "memory.md has the $compression row with bytes per person" \
		grep -Eq "^\| $PERSONS \| kryo \| $compression \| string-per-key \| [0-9]+\.[0-9] \|" "$work/memory.md"
done
check_summary
