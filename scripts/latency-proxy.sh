#!/usr/bin/env bash
# Runs the latency proxy (building it when needed), or with --self-test measures it against a private
# redis-server with redis-benchmark: throughput at no delay next to a direct connection, and the round trip
# it adds at each delay. Prints figures; only a failure to run is an error.
# Run with --help for the options.

set -euo pipefail

# Settings for --self-test. Each can be set in the environment; the command-line options override them.
SELF_TEST_REQUESTS=${SELF_TEST_REQUESTS:-200000}     # redis-benchmark requests per throughput run
SELF_TEST_CLIENTS=${SELF_TEST_CLIENTS:-50}           # redis-benchmark connections per throughput run
SELF_TEST_ROUNDS=${SELF_TEST_ROUNDS:-3}              # direct and proxied runs, taken in turns
SELF_TEST_PINGS=${SELF_TEST_PINGS:-2000}             # PINGs per round-trip measurement, on one connection
SELF_TEST_RTTS=${SELF_TEST_RTTS:-0.2ms,0.45ms,2ms,10ms}  # round trips measured: delays 0.1ms to 5ms
SELF_TEST_REDIS_PORT=${SELF_TEST_REDIS_PORT:-27579}  # first port tried for the private redis-server
# At no delay the proxy should carry at least this share of a direct connection's requests per second.
readonly THROUGHPUT_TARGET_PERCENT=80

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/latency-proxy.sh
source "$ROOT/scripts/lib/latency-proxy.sh"
# shellcheck source=scripts/lib/private-redis.sh
source "$ROOT/scripts/lib/private-redis.sh"

REDIS_PORT='' WORK=''
PROXY_PIDS=()

usage() {
	cat <<EOF
Usage: scripts/latency-proxy.sh --listen HOST:PORT --target HOST:PORT [--delay D | --rtt R] [--jitter J] [--rate R]
       scripts/latency-proxy.sh --self-test [-n N] [--rounds K]

Without --self-test, builds latency-proxy/target/latency-proxy.jar when needed and runs it with the
arguments given; its own help:

$(java -jar "$LATENCY_PROXY_JAR" --help 2>/dev/null | sed 's/^/  /' || echo "  (build the jar to see it)")

--self-test starts a private redis-server on 127.0.0.1 and prints:
  Throughput  redis-benchmark SET and GET ($SELF_TEST_CLIENTS connections, not pipelined and -P 16), directly and
              through a proxy without delay, in turns, $SELF_TEST_ROUNDS rounds; the proxied share of the direct
              requests per second (target: at least $THROUGHPUT_TARGET_PERCENT%).
  Round trip  the median PING round trip (redis-benchmark -c 1) through a proxy at each of
              $SELF_TEST_RTTS, minus the same directly, next to the round trip asked for.

  -n, --requests N   redis-benchmark requests per throughput run [$SELF_TEST_REQUESTS]
  --rounds K         direct and proxied throughput runs, in turns [$SELF_TEST_ROUNDS]
Environment: SELF_TEST_REQUESTS, SELF_TEST_CLIENTS [$SELF_TEST_CLIENTS], SELF_TEST_ROUNDS, SELF_TEST_PINGS
[$SELF_TEST_PINGS], SELF_TEST_RTTS, SELF_TEST_REDIS_PORT [$SELF_TEST_REDIS_PORT], LATENCY_PROXY_JAVA_OPTS [$LATENCY_PROXY_JAVA_OPTS].
EOF
}

log() {
	printf '[latency-proxy %(%H:%M:%S)T] %s\n' -1 "$*" >&2
}

die() {
	log "error: $*"
	exit 1
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$? pid
	trap - EXIT
	for pid in "${PROXY_PIDS[@]}"; do
		latency_proxy_stop "$pid" || true
	done
	private_redis_stop ""
	[[ -n $WORK ]] && rm -rf "$WORK"
	exit "$status"
}

# A proxy in front of the private Redis at round trip $1; prints its port.
proxy_at() {
	latency_proxy_start "127.0.0.1:$REDIS_PORT" "$1" "$WORK/proxy-$1.log" ||
		die "the proxy did not start: $(tail -n 3 "$WORK/proxy-$1.log" | tr '\n' ' ')"
	PROXY_PIDS+=("$LATENCY_PROXY_PID")
}

# redis-benchmark --csv against port $1 with more arguments; prints "TEST rps p50_ms" lines.
bench() {
	local port=$1
	shift
	timeout 600 redis-benchmark -h 127.0.0.1 -p "$port" --csv "$@" 2>/dev/null |
		awk -F, 'NR > 1 { gsub(/"/, ""); print $1, $2, $5 }'
}

throughput() {
	local hop=$1 round pipeline test direct proxied
	echo "Throughput at no delay: redis-benchmark -c $SELF_TEST_CLIENTS -n $SELF_TEST_REQUESTS, requests/s, $SELF_TEST_ROUNDS rounds in turns"
	printf '%-14s %-4s %12s %12s %9s\n' pipelining test direct proxied share
	for pipeline in 1 16; do
		: >"$WORK/direct" && : >"$WORK/proxied"
		for ((round = 1; round <= SELF_TEST_ROUNDS; round++)); do
			bench "$REDIS_PORT" -t set,get -c "$SELF_TEST_CLIENTS" -n "$SELF_TEST_REQUESTS" -P "$pipeline" >>"$WORK/direct"
			bench "$hop" -t set,get -c "$SELF_TEST_CLIENTS" -n "$SELF_TEST_REQUESTS" -P "$pipeline" >>"$WORK/proxied"
		done
		for test in SET GET; do
			direct=$(awk -v t="$test" '$1 == t { print $2 }' "$WORK/direct" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
			proxied=$(awk -v t="$test" '$1 == t { print $2 }' "$WORK/proxied" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
			[[ -n $direct && -n $proxied ]] || die "redis-benchmark gave no $test figure"
			awk -v p="-P $pipeline" -v t="$test" -v d="$direct" -v x="$proxied" -v target="$THROUGHPUT_TARGET_PERCENT" 'BEGIN {
				share = 100 * x / d
				printf "%-14s %-4s %12.0f %12.0f %8.1f%% %s\n", p, t, d, x, share, (share >= target) ? "" : "below " target "%"
			}'
		done
	done
	echo "(medians of the rounds)"
}

round_trips() {
	local rtt port direct proxied
	echo
	echo "Round trip added: median PING (redis-benchmark -c 1 -n $SELF_TEST_PINGS), ms"
	printf '%-8s %10s %10s %10s %9s\n' RTT direct proxied added error
	for rtt in "${RTTS[@]}"; do
		proxy_at "$rtt"
		port=$LATENCY_PROXY_PORT
		direct=$(bench "$REDIS_PORT" -t ping -c 1 -n "$SELF_TEST_PINGS" | awk '$1 == "PING_MBULK" { print $3 }')
		proxied=$(bench "$port" -t ping -c 1 -n "$SELF_TEST_PINGS" | awk '$1 == "PING_MBULK" { print $3 }')
		latency_proxy_stop "${PROXY_PIDS[-1]}" || true
		unset 'PROXY_PIDS[-1]'
		[[ -n $direct && -n $proxied ]] || die "redis-benchmark gave no PING figure at $rtt"
		awk -v r="$rtt" -v d="$direct" -v x="$proxied" 'BEGIN {
			n = r + 0; u = r; sub(/^[0-9.]+/, "", u)
			expected = (u == "us") ? n / 1000 : (u == "s") ? n * 1000 : n
			printf "%-8s %10.3f %10.3f %10.3f %+8.1f%%\n", r, d, x, x - d, 100 * (x - d - expected) / expected
		}'
	done
	echo "(redis-benchmark reports latencies to about 8 µs here)"
}

self_test() {
	while (($#)); do
		case $1 in
		-n | --requests) SELF_TEST_REQUESTS=${2:?$1 needs a value}; shift ;;
		--rounds) SELF_TEST_ROUNDS=${2:?$1 needs a value}; shift ;;
		*) log "error: unknown option '$1'; see $0 --help"; exit 2 ;;
		esac
		shift
	done
	IFS=', ' read -ra RTTS <<<"$SELF_TEST_RTTS"
	command -v redis-benchmark >/dev/null || die "needs redis-benchmark (Debian: apt-get install redis-tools)"
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/latency-proxy-self-test.XXXXXX")
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	latency_proxy_build "$WORK/build.log" || die "building latency-proxy failed: $(tail -n 5 "$WORK/build.log")"
	private_redis_start "$SELF_TEST_REDIS_PORT" || die "could not start redis-server"
	REDIS_PORT=$PRIVATE_REDIS_PORT
	log "redis-server on 127.0.0.1:$REDIS_PORT; load average $(cut -d' ' -f1-3 /proc/loadavg)"
	proxy_at 0
	throughput "$LATENCY_PROXY_PORT"
	round_trips
	log "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
}

case ${1:-} in
-h | --help) usage ;;
--self-test) shift; self_test "$@" ;;
*)
	latency_proxy_build "${TMPDIR:-/tmp}/latency-proxy-build.log" || die "building latency-proxy failed; see ${TMPDIR:-/tmp}/latency-proxy-build.log"
	read -ra java_opts <<<"$LATENCY_PROXY_JAVA_OPTS"
	exec java "${java_opts[@]}" -jar "$LATENCY_PROXY_JAR" "$@"
	;;
esac
