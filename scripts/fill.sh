#!/usr/bin/env bash
# Loads N persons into Redis fast, as the apps' /add would store them (same codec, compression, keys and
# layout), pipelined on several connections; optionally next to redis-cli --pipe loading the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh

PERSONS=1000000
CODEC=kryo
COMPRESSION=none
LAYOUT=string-per-key
CONNECTIONS=4
BATCH=1000
PORT=''                 # a running Redis to fill; empty: a redis-server of our own, stopped at the end
FIRST_PORT=27600        # where our own redis-server looks for a free port
LISTPACK_VALUE=512      # hash-max-listpack-value of our own Redis: every codec's person fits (see Layout)
COMPARE_PIPE=false
JAR=redis-fill/target/redis-fill.jar

usage() {
	cat <<USAGE
usage: scripts/fill.sh [options]

What to load:
  -n, --persons N        persons, ids 1..N (default $PERSONS)
  --codec ID             fastjson2 (string-app), kryo (kryo-app), jackson-json (jackson-app), ... (default $CODEC)
  --compression C        none, gzip, lz4, zstd, zstd-dict (default $COMPRESSION); zstd-dict uses the app's dictionary
  --layout L             string-per-key or hash-bucket (default $LAYOUT)

How:
  --connections N        connections loading in parallel (default $CONNECTIONS)
  --batch N              persons per pipeline flush (default $BATCH)

Where:
  --port P               fill the Redis on 127.0.0.1:P (kept running, nothing flushed); without it, a
                         redis-server of our own with hash-max-listpack-value $LISTPACK_VALUE, stopped at the end

Compare:
  --compare-pipe         also write the same commands as the Redis protocol and time redis-cli --pipe
                         loading them into a flushed Redis of our own (smoke size: the file holds every byte)
USAGE
}

die() { echo "fill.sh: $*" >&2; exit 1; }

parse() {
	while (($#)); do
		case $1 in
			-n | --persons) PERSONS=$2; shift ;;
			--codec) CODEC=$2; shift ;;
			--compression) COMPRESSION=$2; shift ;;
			--layout) LAYOUT=$2; shift ;;
			--connections) CONNECTIONS=$2; shift ;;
			--batch) BATCH=$2; shift ;;
			--port) PORT=$2; shift ;;
			--compare-pipe) COMPARE_PIPE=true ;;
			-h | --help) usage; exit 0 ;;
			*) usage >&2; die "unknown option $1" ;;
		esac
		shift
	done
}

# The dictionary of the app that uses the codec: each app ships its own.
dictionary() {
	case $CODEC in
		fastjson2) echo string-app/src/main/resources/person.zdict ;;
		kryo) echo kryo-app/src/main/resources/person.zdict ;;
		jackson-json) echo jackson-app/src/main/resources/person.zdict ;;
		*) die "no app ships a zstd dictionary for codec $CODEC" ;;
	esac
}

build() {
	[[ -f $JAR ]] || ./mvnw -B -q -pl redis-fill -am -DskipTests package
}

fill() {
	local args=(--persons "$PERSONS" --codec "$CODEC" --compression "$COMPRESSION" --layout "$LAYOUT"
		--connections "$CONNECTIONS" --batch "$BATCH" "$@")
	[[ $COMPRESSION == zstd-dict ]] && args+=(--dictionary "$(dictionary)")
	java -jar "$JAR" "${args[@]}"
}

own_redis() {
	private_redis_start "$FIRST_PORT" || die "cannot start redis-server"
	redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET hash-max-listpack-value "$LISTPACK_VALUE" >/dev/null
	PORT=$PRIVATE_REDIS_PORT
}

report_memory() {
	redis-cli -p "$PORT" INFO memory | grep -E '^(used_memory|used_memory_dataset|used_memory_overhead|used_memory_rss|mem_fragmentation_ratio):'
	echo "keys: $(redis-cli -p "$PORT" DBSIZE)"
}

compare_pipe() {
	local resp seconds
	resp=$(mktemp "${TMPDIR:-/tmp}/fill-resp.XXXXXX")
	fill --resp-file "$resp"
	redis-cli -p "$PORT" FLUSHALL >/dev/null
	seconds=$( { TIMEFORMAT=%R; time redis-cli -p "$PORT" --pipe <"$resp" >/dev/null; } 2>&1 )
	echo "redis-cli --pipe: $PERSONS persons in $seconds s: $(awk -v n="$PERSONS" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }') persons/s"
	report_memory
	rm -f "$resp"
}

main() {
	parse "$@"
	build
	if [[ -z $PORT ]]; then
		own_redis
		trap private_redis_stop EXIT
	elif [[ $COMPARE_PIPE == true ]]; then
		die "--compare-pipe flushes its Redis: run it without --port, on a Redis of our own"
	fi
	fill --port "$PORT"
	report_memory
	[[ $COMPARE_PIPE == true ]] && compare_pipe
	return 0
}

main "$@"
