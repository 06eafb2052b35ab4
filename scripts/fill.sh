#!/usr/bin/env bash
# Loads N persons into Redis fast, as the apps' /add would store them (same codec, compression, keys and
# layout), pipelined on several connections; optionally next to redis-cli --pipe loading the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh
# shellcheck source=scripts/lib/app.sh
source scripts/lib/app.sh

PERSONS=1000000
CODEC=kryo
COMPRESSION=none
LAYOUT=string-per-key
TTL=''                  # seconds each person lives; empty: forever
CONNECTIONS=4           # a list sweeps: one fill per count, on our own Redis, flushed before each
CONNECTION_COUNTS=()    # CONNECTIONS, split
BATCH=1000
PORT=''                 # a running Redis to fill; empty: a redis-server of our own, stopped at the end
FIRST_PORT=27600        # where our own redis-server looks for a free port
COMPARE_PIPE=no
VERIFY=no
VERIFY_CONCURRENCY=4    # ab -c of the verifying /check run
readonly BUILD_TIMEOUT=1800  # seconds building redis-fill may take
JAR=$(jar_of redis-fill)
readonly JAR

usage() {
	cat <<USAGE
Usage: scripts/fill.sh [options]

Loads persons 1..N into Redis as the apps store them, prints persons/s and INFO memory (docs/layouts-and-memory.md,
"Layouts: a key per person or hash buckets, and a bulk fill").

What:
  -n, --persons N        persons, ids 1..N               [$PERSONS]
      --codec ID         fastjson2 (string app), kryo, jackson-json, ... [$CODEC]
      --compression C    none, gzip, lz4, zstd, zstd-dict (the app's dictionary) [$COMPRESSION]
      --layout L         string-per-key or hash-bucket   [$LAYOUT]
      --ttl SECONDS      each person expires (a hash bucket as a whole, after its last write) [never]

How:
      --connections LIST connections loading in parallel; a list (1,2,5,10) sweeps: a fill per count on our
                         own Redis, flushed before each, then a table of persons/s with the CPU the fill
                         (its JVM's start included) and Redis used, to tell which side saturates [$CONNECTIONS]
      --batch N          persons per pipeline flush      [$BATCH]

Where:
      --port P           the Redis on 127.0.0.1:P, kept running, nothing flushed [a redis-server of our own,
                         hash-max-listpack-value $LISTPACK_VALUE_BYTES, stopped at the end]

Compare:
      --compare-pipe     also time redis-cli --pipe loading the same bytes into our own, flushed, Redis

Verify:
      --verify           then /check every person through the app of the codec (fastjson2: string,
                         kryo, jackson-json: jackson), same compression and layout; N a multiple of $BATCH_SIZE

  -h, --help             this text
USAGE
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --persons) PERSONS=$(option_value "$1" "${2:-}"); shift ;;
		--codec) CODEC=$(option_value "$1" "${2:-}"); shift ;;
		--compression) COMPRESSION=$(option_value "$1" "${2:-}"); shift ;;
		--layout) LAYOUT=$(option_value "$1" "${2:-}"); shift ;;
		--ttl) TTL=$(option_value "$1" "${2:-}"); shift ;;
		--connections) CONNECTIONS=$(option_value "$1" "${2:-}"); shift ;;
		--batch) BATCH=$(option_value "$1" "${2:-}"); shift ;;
		--port) PORT=$(option_value "$1" "${2:-}"); shift ;;
		--compare-pipe) COMPARE_PIPE=yes ;;
		--verify) VERIFY=yes ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	require_count PERSONS 1
	split_list CONNECTION_COUNTS connections "$CONNECTIONS"
	local count
	for count in "${CONNECTION_COUNTS[@]}"; do
		if ! is_count "$count" || ((10#$count < 1)); then
			refuse "a connection count is a whole number from 1, was '$count'"
		fi
	done
	refuse_repeats "connection count" "${CONNECTION_COUNTS[@]}"
	if ((${#CONNECTION_COUNTS[@]} > 1)); then
		[[ -z $PORT ]] || refuse "a sweep of --connections flushes its Redis before each fill: run it without --port"
		[[ $COMPARE_PIPE == no && $VERIFY == no ]] || refuse "a sweep of --connections takes neither --compare-pipe nor --verify"
	fi
	require_count BATCH 1
	[[ -z $TTL ]] || require_count TTL 1
	require_choice COMPRESSION none gzip lz4 zstd zstd-dict
	require_choice LAYOUT string-per-key hash-bucket
	if [[ -n $PORT ]]; then
		require_count PORT 1
		[[ $COMPARE_PIPE == no ]] || refuse "--compare-pipe flushes its Redis: run it without --port, on a Redis of our own"
	fi
	[[ $COMPRESSION != zstd-dict ]] || dictionary >/dev/null
	if [[ $VERIFY == yes ]]; then
		app_of_codec >/dev/null
		((PERSONS % BATCH_SIZE == 0)) || refuse "--verify checks whole /check batches: N must be a multiple of $BATCH_SIZE"
		require_commands 'ab:Debian apache2-utils' 'curl:Debian curl'
	fi
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server' 'redis-cli:Debian redis-tools'
}

# The dictionary of the app that uses the codec: each app ships its own.
dictionary() {
	case $CODEC in
	fastjson2) echo string-app/src/main/resources/person.zdict ;;
	kryo) echo kryo-app/src/main/resources/person.zdict ;;
	jackson-json) echo jackson-app/src/main/resources/person.zdict ;;
	*) refuse "no app ships a zstd dictionary for codec $CODEC" ;;
	esac
}

# The app whose codec this is: /check verifies with the app's own decoder.
app_of_codec() {
	case $CODEC in
	fastjson2) echo string ;;
	kryo) echo kryo ;;
	jackson-json) echo jackson ;;
	*) refuse "no app stores persons with codec $CODEC, so --verify cannot /check them" ;;
	esac
}

# fill CONNECTIONS ARGS...: one fill by redis-fill on that many connections, with its other ARGS.
fill() {
	local args=(--persons "$PERSONS" --codec "$CODEC" --compression "$COMPRESSION" --layout "$LAYOUT"
		--connections "$1" --batch "$BATCH" "${@:2}")
	[[ $COMPRESSION == zstd-dict ]] && args+=(--dictionary "$(dictionary)")
	[[ -z $TTL ]] || args+=(--ttl "$TTL")
	java -jar "$JAR" "${args[@]}"
}

own_redis() {
	private_redis_start "$FIRST_PORT" || die "cannot start redis-server"
	redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET hash-max-listpack-value "$LISTPACK_VALUE_BYTES" >/dev/null
	PORT=$PRIVATE_REDIS_PORT
	log "redis-server of our own on 127.0.0.1:$PORT (pid $PRIVATE_REDIS_PID)"
}

report_memory() {
	redis-cli -p "$PORT" INFO memory | grep -E '^(used_memory|used_memory_dataset|used_memory_overhead|used_memory_rss|mem_fragmentation_ratio):'
	echo "keys: $(redis-cli -p "$PORT" DBSIZE)"
}

compare_pipe() {
	local resp seconds
	resp=$(mktemp "${TMPDIR:-/tmp}/fill-resp.XXXXXX")
	fill "${CONNECTION_COUNTS[0]}" --resp-file "$resp"
	redis-cli -p "$PORT" FLUSHALL >/dev/null
	seconds=$( { TIMEFORMAT=%R; time redis-cli -p "$PORT" --pipe <"$resp" >/dev/null; } 2>&1 )
	echo "redis-cli --pipe: $PERSONS persons in $seconds s: $(awk -v n="$PERSONS" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }') persons/s"
	report_memory
	rm -f "$resp"
}

# redis_cpu: the CPU seconds Redis has used so far, user and system.
redis_cpu() {
	redis-cli -p "$PORT" INFO cpu | tr -d '\r' |
		awk -F: '$1 == "used_cpu_user" || $1 == "used_cpu_sys" { sum += $2 } END { printf "%.3f", sum }'
}

# children_cpu NAME FILE: sets NAME to the CPU seconds, user and system, that this shell's finished children have
# used (bash's times, run in this shell through FILE: in a command substitution it would count the subshell's).
children_cpu() {
	times >"$2"
	printf -v "$1" '%s' "$(awk 'NR == 2 { for (i = 1; i <= NF; i++) { split($i, t, /[ms]/); sum += t[1] * 60 + t[2] } }
		END { printf "%.3f", sum }' "$2")"
}

# sweep: one fill per connection count on our own Redis, flushed before each, and a table of what each cost: the
# published write-up loaded 20 M keys with 2, 5 and 10 threads in 210, 170 and 190 s, and more was not faster.
sweep() {
	local count line rate fill_before fill_after redis_before fill_cpu redis_cpu_used started seconds rows=() times_file
	times_file=$(mktemp "${TMPDIR:-/tmp}/fill-times.XXXXXX")
	for count in "${CONNECTION_COUNTS[@]}"; do
		redis-cli -p "$PORT" FLUSHALL >/dev/null
		children_cpu fill_before "$times_file"
		redis_before=$(redis_cpu) started=$EPOCHREALTIME
		line=$(fill "$count" --port "$PORT" | tee /dev/stderr | grep '^stored ') ||
			die "the fill with $count connections failed"
		seconds=$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
		children_cpu fill_after "$times_file"
		# Also counts the redis-cli and awk this loop ran between the two readings: hundredths of a second.
		fill_cpu=$(awk -v a="$fill_before" -v b="$fill_after" 'BEGIN { printf "%.2f", b - a }')
		redis_cpu_used=$(awk -v a="$redis_before" -v b="$(redis_cpu)" 'BEGIN { printf "%.2f", b - a }')
		rate=${line##*: } rate=${rate% persons/s}
		rows+=("$(awk -v n="$count" -v r="$rate" -v s="$seconds" -v f="$fill_cpu" -v c="$redis_cpu_used" \
			'BEGIN { printf "%11s %10s %8s %11s %11.2f %12s %12.2f", n, r, s, f, f / s, c, c / s }')")
	done
	rm -f "$times_file"
	echo
	echo "connections  persons/s  seconds  fill CPU s  fill cores  Redis CPU s  Redis cores"
	printf '%s\n' "${rows[@]}"
	echo "persons/s is the fill's own figure; seconds and the fill's CPU include its JVM's start. Redis runs commands"
	echo "on one thread: Redis cores near 1 means Redis saturates; fill cores near the machine's cores, the fill."
}

# Every person filled, read and verified by the app's /check (100 a request), as ab sees it.
verify() {
	local app work requests concurrency ab_out complete failed non2xx
	app=$(app_of_codec)
	work=$(mktemp -d "${TMPDIR:-/tmp}/fill-verify.XXXXXX")
	requests=$((PERSONS / BATCH_SIZE))
	# ab refuses more concurrent requests than requests.
	concurrency=$((requests < VERIFY_CONCURRENCY ? requests : VERIFY_CONCURRENCY))
	app_start "$app" "$work/app.log" --spring.data.redis.host=127.0.0.1 --spring.data.redis.port="$PORT" \
		--bench.layout="$LAYOUT" --bench.compression="$COMPRESSION" || die "cannot verify: the $app app did not start"
	curl -fsS -m 10 -o /dev/null "$APP_URL/reset" || die "cannot verify: /reset of the $app app failed"
	log "verifying $PERSONS persons: ab -n $requests -c $concurrency $APP_URL/check"
	ab_out=$(timeout -k 10 "$((requests / 20 + 600))" ab -q -n "$requests" -c "$concurrency" -s 30 \
		"$APP_URL/check" 2>&1) || true
	app_stop
	complete=$(awk '/^Complete requests:/ { print $3 }' <<<"$ab_out")
	failed=$(awk '/^Failed requests:/ { print $3 }' <<<"$ab_out")
	non2xx=$(awk '/^Non-2xx responses:/ { print $3 }' <<<"$ab_out")
	if [[ $complete == "$requests" && $failed == 0 && -z $non2xx ]]; then
		echo "verified: all $PERSONS persons read and intact through the $app app's /check ($requests requests, 0 failed)"
		rm -rf "$work"
	else
		die "verification failed: ${complete:-0} of $requests /check requests complete, ${failed:-?} failed, ${non2xx:-0} non-2xx; see $work/app.log"
	fi
}

main() {
	parse_options "$@"
	build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/fill-build.log" redis-fill
	[[ $VERIFY == no ]] || build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/fill-build.log" "$(app_of_codec)"
	trap app_stop EXIT
	if [[ -z $PORT ]]; then
		trap 'app_stop; private_redis_stop' EXIT
		trap 'exit 130' INT
		trap 'exit 143' TERM
		own_redis
	fi
	if ((${#CONNECTION_COUNTS[@]} > 1)); then
		sweep
		report_memory
		return 0
	fi
	fill "${CONNECTION_COUNTS[0]}" --port "$PORT"
	report_memory
	[[ $VERIFY == no ]] || verify
	[[ $COMPARE_PIPE == no ]] || compare_pipe
}

main "$@"
